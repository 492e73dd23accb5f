/**
 * FAQs per onboarding screen (section 2). The questions live in the 'faq' i18n namespace, keyed by
 * screen; the onboarding layout links 'Help' to faqHref(path), which opens /faq at that screen.
 */
import { ROUTE } from '@ekyc/contracts/stages';
export const FAQ_SCREENS = [
  'sign-up',
  'pan-verification',
  'digilocker',
  'client-profiling',
  'bank-and-segment',
  'signature',
  'nominee',
  'segment',
  'take-selfie',
  'e-sign',
  'status',
] as const;
export type FaqScreen = (typeof FAQ_SCREENS)[number];

export const isFaqScreen = (s: string | null | undefined): s is FaqScreen =>
  (FAQ_SCREENS as readonly string[]).includes(s ?? '');

/** The FAQ screen for an onboarding path relative to /ekyc1 ('/bank-and-segment/nominee' -> 'nominee'). */
export function faqScreenForPath(path: string): FaqScreen {
  const p = path.replace(/^\/ekyc1/, '').replace(/\/$/, '') || '/';
  if (p === '/' || p.startsWith(ROUTE.verifyOtp) || p.startsWith(ROUTE.email)) return 'sign-up';
  if (p.startsWith(ROUTE.signature)) return 'signature';
  if (p.startsWith(ROUTE.nominee)) return 'nominee';
  if (p.startsWith(ROUTE.segment)) return 'segment';
  if (p.startsWith(ROUTE.returnUrl)) return 'digilocker';
  const first = p.split('/')[1] ?? '';
  return isFaqScreen(first) ? first : 'sign-up';
}

/** The help link for an onboarding path: the FAQ page opened at that screen's section. */
export const faqHref = (path: string) => `/faq?screen=${faqScreenForPath(path)}`;
