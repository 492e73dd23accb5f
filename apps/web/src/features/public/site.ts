/**
 * The public site's link table and the operator's contact details. Contacts come from the build
 * environment (VITE_*), so each broker deploying this platform shows its own; the defaults use
 * the reserved .example domain.
 */
const env: Record<string, unknown> = import.meta.env;
const setting = (name: string, fallback: string): string => {
  const v = env[name];
  return typeof v === 'string' && v.trim() ? v.trim() : fallback;
};

export const SITE_CONTACT = {
  supportEmail: setting('VITE_SUPPORT_EMAIL', 'support@opendemat.example'),
  supportPhone: setting('VITE_SUPPORT_PHONE', ''),
  grievanceOfficer: setting('VITE_GRIEVANCE_OFFICER', 'Grievance Officer'),
  grievanceEmail: setting('VITE_GRIEVANCE_EMAIL', 'grievances@opendemat.example'),
  privacyEmail: setting('VITE_PRIVACY_EMAIL', 'privacy@opendemat.example'),
  careersEmail: setting('VITE_CAREERS_EMAIL', 'careers@opendemat.example'),
  /** The nodal officer for accessibility SEBI's accessible-KYC circulars ask brokers to name. */
  accessibilityOfficer: setting('VITE_ACCESSIBILITY_OFFICER', 'the Accessibility Nodal Officer'),
  accessibilityEmail: setting('VITE_ACCESSIBILITY_EMAIL', 'accessibility@opendemat.example'),
  /** The store link of the trading app; without it only the 'continue on your phone' code shows. */
  appDownloadUrl: setting('VITE_APP_DOWNLOAD_URL', ''),
} as const;

/** The footer links of spec section 2, each a page at /pages/<slug>. */
export const PAGE_SLUGS = [
  'about',
  'careers',
  'privacy',
  'terms',
  'sitemap',
  'calculators',
  'downloads',
  'investor-charter',
  'grievances',
  'e-voting',
  'refund-and-cancellation',
  'client-collateral',
  'holidays',
  'upcoming-ipo',
  'accessibility',
] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];
export const isPageSlug = (s: string | undefined): s is PageSlug => (PAGE_SLUGS as readonly string[]).includes(s ?? '');

export const KNOWLEDGE_TOPICS = ['demat', 'ipo', 'online-trading'] as const;
export type KnowledgeTopic = (typeof KNOWLEDGE_TOPICS)[number];
export const isKnowledgeTopic = (s: string | undefined): s is KnowledgeTopic =>
  (KNOWLEDGE_TOPICS as readonly string[]).includes(s ?? '');

/** Every public page, for the sitemap and the browser checks. */
export const PUBLIC_PATHS = [
  '/',
  '/charges',
  '/faq',
  '/watchlist',
  ...KNOWLEDGE_TOPICS.map((t) => `/knowledge-centre/${t}`),
  ...PAGE_SLUGS.map((s) => `/pages/${s}`),
] as const;
