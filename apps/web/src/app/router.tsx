/**
 * Every route of spec section 2 under /ekyc1, the public pages at the root and the back office.
 * Each page is its own lazy chunk, so a step downloads only its own code.
 */
import type { ComponentType } from 'react';
import { lazyPage } from '../lib/lazy-page';
import { Navigate, type RouteObject } from '../lib/router';

// a chunk that fails to download is tried again, and the page error boundary offers Retry
const page = (load: () => Promise<{ default: ComponentType }>): ComponentType => lazyPage(load);

const pages = {
  signUp: page(() => import('../features/signup/pages/sign-up-page')),
  verifyMobileOtp: page(() => import('../features/signup/pages/verify-mobile-otp-page')),
  email: page(() => import('../features/signup/pages/email-page')),
  verifyEmailOtp: page(() => import('../features/signup/pages/verify-email-otp-page')),
  panVerification: page(() => import('../features/pan/pages/pan-verification-page')),
  panInfo: page(() => import('../features/pan/pages/pan-info-page')),
  digilocker: page(() => import('../features/digilocker/pages/digilocker-page')),
  returnUrl: page(() => import('../features/digilocker/pages/return-url-page')),
  profiling: page(() => import('../features/profiling/pages/profiling-page')),
  declaration: page(() => import('../features/profiling/pages/declaration-page')),
  bankMethod: page(() => import('../features/bank/pages/bank-method-page')),
  upi: page(() => import('../features/bank/pages/upi-page')),
  addBank: page(() => import('../features/bank/pages/add-bank-page')),
  cancelCheque: page(() => import('../features/bank/pages/cancel-cheque-page')),
  signature: page(() => import('../features/signature/pages/signature-page')),
  nominee: page(() => import('../features/nominee/pages/nominee-page')),
  addNominee: page(() => import('../features/nominee/pages/add-nominee-page')),
  segment: page(() => import('../features/segment/pages/segment-page')),
  selfie: page(() => import('../features/selfie/pages/take-selfie-page')),
  esign: page(() => import('../features/esign/pages/esign-page')),
  status: page(() => import('../features/status/pages/status-page')),
  privacy: page(() => import('../features/privacy/pages/privacy-page')),
  assistedKyc: page(() => import('../features/assisted-kyc/pages/assisted-kyc-page')),
  publicSite: page(() => import('../features/public/public-routes')),
  backoffice: page(() => import('../features/backoffice/backoffice-app')),
  clientArea: page(() => import('../features/client-area/client-area-app')),
  onboardingLayout: page(() => import('./onboarding-layout')),
};

const el = (Page: ComponentType) => <Page />;

const onboarding: RouteObject[] = [
  { index: true, element: el(pages.signUp) },
  { path: 'verify-otp', element: el(pages.verifyMobileOtp) },
  { path: 'email-verification', element: el(pages.email) },
  { path: 'email-verification/verify-otp', element: el(pages.verifyEmailOtp) },
  { path: 'pan-verification', element: el(pages.panVerification) },
  { path: 'pan-verification/pan-info', element: el(pages.panInfo) },
  { path: 'digilocker', element: el(pages.digilocker) },
  { path: 'returnurl', element: el(pages.returnUrl) },
  { path: 'client-profiling', element: el(pages.profiling) },
  { path: 'client-profiling/declaration', element: el(pages.declaration) },
  { path: 'client-profiling/:step', element: el(pages.profiling) },
  { path: 'bank-and-segment', element: el(pages.bankMethod) },
  { path: 'bank-and-segment/upi', element: el(pages.upi) },
  { path: 'bank-and-segment/add-bank', element: el(pages.addBank) },
  { path: 'bank-and-segment/cancel-cheque', element: el(pages.cancelCheque) },
  { path: 'bank-and-segment/signature', element: el(pages.signature) },
  { path: 'bank-and-segment/nominee', element: el(pages.nominee) },
  { path: 'bank-and-segment/nominee/add-nominee', element: el(pages.addNominee) },
  { path: 'bank-and-segment/segment', element: el(pages.segment) },
  { path: 'take-selfie', element: el(pages.selfie) },
  { path: 'e-sign', element: el(pages.esign) },
  { path: 'status', element: el(pages.status) },
  { path: 'privacy', element: el(pages.privacy) },
  { path: 'assisted-kyc', element: el(pages.assistedKyc) },
  { path: '*', element: <Navigate to="/ekyc1/" replace /> },
];

export const routes: RouteObject[] = [
  { path: '/ekyc1', element: el(pages.onboardingLayout), children: onboarding },
  { path: '/backoffice/*', element: el(pages.backoffice) },
  { path: '/my-account/*', element: el(pages.clientArea) },
  { path: '/*', element: el(pages.publicSite) },
];
