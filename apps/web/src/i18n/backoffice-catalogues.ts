/**
 * The back office's catalogues (its staff's namespaces), apart from the applicant's: their map is
 * downloaded with the back office's code, which hands it to addCatalogues, not with every
 * applicant's sign-up page.
 */
import type { CatalogueFiles } from './index';

export const backofficeCatalogues: CatalogueFiles = import.meta.glob<{ default: Record<string, unknown> }>([
  './locales/*/backoffice*.json',
  './locales/*/operations.json',
  './locales/*/registrations.json',
  './locales/*/service-requests.json',
]);
