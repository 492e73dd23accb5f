/**
 * Every route of spec section 2 under /ekyc1, the public pages at the root and the back office.
 * Each page is its own lazy chunk, so a step downloads only its own code.
 */
import { type ApplicantRoute, BASE_PATH, ROUTE } from '@ekyc/contracts/stages';
import type { ComponentType } from 'react';
import { lazyPage } from '../lib/lazy-page';
import { DigilockerReturn } from './digilocker-return';
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
  documentRequest: page(() => import('../features/status/pages/document-request-page')),
  privacy: page(() => import('../features/privacy/pages/privacy-page')),
  assistedKyc: page(() => import('../features/assisted-kyc/pages/assisted-kyc-page')),
  publicSite: page(() => import('../features/public/public-routes')),
  backoffice: page(() => import('../features/backoffice/backoffice-app')),
  clientArea: page(() => import('../features/client-area/client-area-app')),
  onboardingLayout: page(() => import('./onboarding-layout')),
};

const el = (Page: ComponentType) => <Page />;
/** A route of the table below /ekyc1 (React Router's child paths are relative). */
const rel = (route: ApplicantRoute) => route.slice(1);

const onboarding: RouteObject[] = [
  { index: true, element: el(pages.signUp) },
  { path: rel(ROUTE.verifyOtp), element: el(pages.verifyMobileOtp) },
  { path: rel(ROUTE.email), element: el(pages.email) },
  { path: rel(ROUTE.emailOtp), element: el(pages.verifyEmailOtp) },
  { path: rel(ROUTE.pan), element: el(pages.panVerification) },
  { path: rel(ROUTE.panInfo), element: el(pages.panInfo) },
  { path: rel(ROUTE.digilocker), element: el(pages.digilocker) },
  { path: rel(ROUTE.returnUrl), element: el(pages.returnUrl) },
  { path: rel(ROUTE.profiling), element: el(pages.profiling) },
  { path: rel(ROUTE.declaration), element: el(pages.declaration) },
  { path: `${rel(ROUTE.profiling)}/:step`, element: el(pages.profiling) },
  { path: rel(ROUTE.bankMethod), element: el(pages.bankMethod) },
  { path: rel(ROUTE.upi), element: el(pages.upi) },
  { path: rel(ROUTE.addBank), element: el(pages.addBank) },
  { path: rel(ROUTE.cancelCheque), element: el(pages.cancelCheque) },
  { path: rel(ROUTE.signature), element: el(pages.signature) },
  { path: rel(ROUTE.nominee), element: el(pages.nominee) },
  { path: rel(ROUTE.addNominee), element: el(pages.addNominee) },
  { path: rel(ROUTE.segment), element: el(pages.segment) },
  { path: rel(ROUTE.selfie), element: el(pages.selfie) },
  { path: rel(ROUTE.esign), element: el(pages.esign) },
  { path: rel(ROUTE.status), element: el(pages.status) },
  { path: rel(ROUTE.documentRequest), element: el(pages.documentRequest) },
  { path: rel(ROUTE.privacy), element: el(pages.privacy) },
  { path: rel(ROUTE.assistedKyc), element: el(pages.assistedKyc) },
  { path: '*', element: <Navigate to={`${BASE_PATH}/`} replace /> },
];

export const routes: RouteObject[] = [
  { path: BASE_PATH, element: <DigilockerReturn>{el(pages.onboardingLayout)}</DigilockerReturn>, children: onboarding },
  { path: '/backoffice/*', element: el(pages.backoffice) },
  { path: '/my-account/*', element: el(pages.clientArea) },
  { path: '/*', element: el(pages.publicSite) },
];
