/**
 * The back office's catalogues (its staff's namespaces), apart from the applicant's: their map is
 * downloaded with the first back-office page, not with every applicant's sign-up page.
 */
export const backofficeCatalogues = import.meta.glob<{ default: Record<string, unknown> }>([
  './locales/*/backoffice*.json',
  './locales/*/operations.json',
  './locales/*/registrations.json',
  './locales/*/service-requests.json',
]);
