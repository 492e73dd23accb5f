/** The public site's catalogues (its pages and the FAQs), downloaded with its code, not with the sign-up page. */
import type { CatalogueFiles } from './index';

export const publicCatalogues: CatalogueFiles = import.meta.glob<{ default: Record<string, unknown> }>([
  './locales/*/public.json',
  './locales/*/faq.json',
]);
