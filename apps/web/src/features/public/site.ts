/**
 * The public site's link table, and the one operator setting that is not content: the trading app's
 * store link (VITE_APP_DOWNLOAD_URL at build time). The contacts, upcoming IPOs, downloads, holidays
 * and portals are the operator's content files in content/ (docs/content.md).
 */
const env: Record<string, unknown> = import.meta.env;
const download = env.VITE_APP_DOWNLOAD_URL;

/** The store link of the trading app; without it only the 'continue on your phone' code shows. */
export const APP_DOWNLOAD_URL = typeof download === 'string' ? download.trim() : '';

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
