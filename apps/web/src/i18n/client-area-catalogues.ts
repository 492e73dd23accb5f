/** The client area's catalogue, downloaded with its code, not with the sign-up page. */
import type { CatalogueFiles } from './index';

export const clientAreaCatalogues: CatalogueFiles = import.meta.glob<{ default: Record<string, unknown> }>(
  './locales/*/client-area.json',
);
