/**
 * The stage table of spec section 4: code, route, allowed window and back target.
 * The server decides the stage (the last kyc_list entry); the web guard sends any page outside
 * its window to the route of the current stage.
 */
import { PROGRESS_STEP_PERCENT, PROGRESS_STEPS } from './constants.ts';

export const BASE_PATH = '/ekyc1';

export const STAGE = {
  MOBILE: 110,
  EMAIL: 120,
  PAN: 130,
  DIGILOCKER: 140,
  CLIENT_PROFILING: 150,
  BANK_AND_SEGMENT: 160,
  SIGNATURE: 170,
  NOMINEE: 180,
  SEGMENT: 190,
  SELFIE: 200,
  ESIGN: 210,
  STATUS: 220,
} as const;
export type StageCode = (typeof STAGE)[keyof typeof STAGE];

export const STAGE_ORDER: readonly StageCode[] = [110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210, 220];

export interface StageInfo {
  code: StageCode;
  name: string;
  /** The applicant route (below BASE_PATH) of this stage. */
  route: ApplicantRoute;
}

/** Every applicant route of section 2 (below BASE_PATH), by the name the code gives it. */
export const ROUTE = {
  signUp: '/',
  verifyOtp: '/verify-otp',
  email: '/email-verification',
  emailOtp: '/email-verification/verify-otp',
  pan: '/pan-verification',
  panInfo: '/pan-verification/pan-info',
  digilocker: '/digilocker',
  returnUrl: '/returnurl',
  profiling: '/client-profiling',
  occupation: '/client-profiling/occupation',
  tradingExperience: '/client-profiling/trading-experience',
  annualIncome: '/client-profiling/annual-income',
  genderAndMarital: '/client-profiling/gender-and-marital',
  education: '/client-profiling/education',
  identification: '/client-profiling/identification',
  plans: '/client-profiling/plans',
  declaration: '/client-profiling/declaration',
  bankMethod: '/bank-and-segment',
  upi: '/bank-and-segment/upi',
  addBank: '/bank-and-segment/add-bank',
  cancelCheque: '/bank-and-segment/cancel-cheque',
  signature: '/bank-and-segment/signature',
  nominee: '/bank-and-segment/nominee',
  addNominee: '/bank-and-segment/nominee/add-nominee',
  segment: '/bank-and-segment/segment',
  selfie: '/take-selfie',
  esign: '/e-sign',
  status: '/status',
  /** The upload of a document a reviewer asked for (`?id=` the request), from the status page. */
  documentRequest: '/status/document',
  privacy: '/privacy',
  assistedKyc: '/assisted-kyc',
} as const;
/** An applicant route: what a page is at, what a guard sends to, what a reply's `screen` names. */
export type ApplicantRoute = (typeof ROUTE)[keyof typeof ROUTE];
/** What a reply's data.screen names: an applicant route, with a query where its page reads one. */
export type Screen = ApplicantRoute | `${ApplicantRoute}?${string}`;
/** DigiLocker gave no PAN: the return page asks for the PAN card (section 2). */
export const PAN_MISSING_SCREEN = `${ROUTE.returnUrl}?is_pan_missing=true` as const;

export const STAGES: Record<StageCode, StageInfo> = {
  110: { code: 110, name: 'Mobile', route: ROUTE.signUp },
  120: { code: 120, name: 'Email', route: ROUTE.email },
  130: { code: 130, name: 'PAN', route: ROUTE.pan },
  140: { code: 140, name: 'DigiLocker', route: ROUTE.digilocker },
  150: { code: 150, name: 'Client profiling', route: ROUTE.profiling },
  160: { code: 160, name: 'Bank', route: ROUTE.bankMethod },
  170: { code: 170, name: 'Signature', route: ROUTE.signature },
  180: { code: 180, name: 'Nominee', route: ROUTE.nominee },
  190: { code: 190, name: 'Segment', route: ROUTE.segment },
  200: { code: 200, name: 'Selfie', route: ROUTE.selfie },
  210: { code: 210, name: 'E-sign', route: ROUTE.esign },
  220: { code: 220, name: 'Status', route: ROUTE.status },
};

export function isStageCode(value: unknown): value is StageCode {
  return typeof value === 'number' && (STAGE_ORDER as readonly number[]).includes(value);
}

export function nextStage(code: StageCode): StageCode {
  const i = STAGE_ORDER.indexOf(code);
  return STAGE_ORDER[Math.min(i + 1, STAGE_ORDER.length - 1)]!;
}

/** Unknown stages go to the root route (section 4). */
export function routeForStage(code: number | undefined): ApplicantRoute {
  return code !== undefined && isStageCode(code) ? STAGES[code].route : ROUTE.signUp;
}

export interface RouteRule {
  path: ApplicantRoute;
  /** Needs a signed-in applicant. */
  auth: boolean;
  /** Allowed stage window [min, max]; outside it the guard redirects to the current stage's route. */
  window?: readonly [StageCode, StageCode];
  /** Where the back arrow leads (section 2). */
  back?: ApplicantRoute;
}

/** Every applicant route of section 2 with its window and back target. */
export const ROUTES: readonly RouteRule[] = [
  { path: ROUTE.signUp, auth: false },
  { path: ROUTE.verifyOtp, auth: false },
  { path: ROUTE.email, auth: true, window: [120, 120] },
  { path: ROUTE.emailOtp, auth: true, window: [120, 120], back: ROUTE.email },
  { path: ROUTE.pan, auth: true, window: [130, 140] },
  { path: ROUTE.panInfo, auth: true, window: [130, 140], back: ROUTE.pan },
  { path: ROUTE.digilocker, auth: true, window: [140, 140] },
  { path: ROUTE.returnUrl, auth: true, window: [130, 150] },
  { path: ROUTE.profiling, auth: true, window: [150, 150] },
  { path: ROUTE.occupation, auth: true, window: [150, 150] },
  {
    path: ROUTE.tradingExperience,
    auth: true,
    window: [150, 150],
    back: ROUTE.occupation,
  },
  {
    path: ROUTE.annualIncome,
    auth: true,
    window: [150, 150],
    back: ROUTE.tradingExperience,
  },
  {
    path: ROUTE.genderAndMarital,
    auth: true,
    window: [150, 150],
    back: ROUTE.annualIncome,
  },
  { path: ROUTE.education, auth: true, window: [150, 150], back: ROUTE.genderAndMarital },
  { path: ROUTE.identification, auth: true, window: [150, 150], back: ROUTE.education },
  { path: ROUTE.plans, auth: true, window: [150, 150], back: ROUTE.identification },
  { path: ROUTE.declaration, auth: true, window: [150, 150], back: ROUTE.identification },
  { path: ROUTE.bankMethod, auth: true, window: [160, 160], back: ROUTE.selfie },
  { path: ROUTE.upi, auth: true, window: [160, 160], back: ROUTE.bankMethod },
  { path: ROUTE.addBank, auth: true, window: [160, 170], back: ROUTE.bankMethod },
  { path: ROUTE.cancelCheque, auth: true, window: [150, 160], back: ROUTE.addBank },
  { path: ROUTE.signature, auth: true, window: [160, 180], back: ROUTE.cancelCheque },
  { path: ROUTE.nominee, auth: true, window: [160, 190], back: ROUTE.signature },
  { path: ROUTE.addNominee, auth: true, window: [160, 190], back: ROUTE.nominee },
  { path: ROUTE.segment, auth: true, window: [190, 190], back: ROUTE.nominee },
  { path: ROUTE.selfie, auth: true, window: [200, 200], back: ROUTE.declaration },
  { path: ROUTE.esign, auth: true, window: [210, 210], back: ROUTE.selfie },
  { path: ROUTE.status, auth: true, window: [220, 220] },
  { path: ROUTE.documentRequest, auth: true, window: [220, 220], back: ROUTE.status },
  // the applicant's consents and erasure request (DPDP Act), open at every stage
  { path: ROUTE.privacy, auth: true },
  // a video call with the KYC team for an applicant who needs help, open at every stage
  { path: ROUTE.assistedKyc, auth: true },
];

/**
 * Stages shown over several screens one after another (client profiling: eight): the progress bar
 * says which screen of the stage this is beside section 4's 'steps n / 12', which stays on one
 * stage across them.
 */
const SUB_STEP_PREFIXES = [`${ROUTE.profiling}/`];

/** The screen's place among its stage's screens (1-based), or null for a one-screen stage. */
export function subStepOf(path: string): { n: number; total: number } | null {
  const clean = path.replace(/\/+$/, '');
  for (const prefix of SUB_STEP_PREFIXES) {
    const screens = ROUTES.filter((r) => r.path.startsWith(prefix));
    const i = screens.findIndex((r) => clean.endsWith(r.path));
    if (i >= 0) return { n: i + 1, total: screens.length };
  }
  return null;
}

/**
 * The stage window of each applicant action (section 4): a call is accepted only while the
 * applicant's current stage is inside it; outside, the reply is a handled outcome whose data.screen
 * names the current stage's page. Beside ROUTES (the pages' windows), section 4 reads as one table.
 * Keys are the calls of section 7 (with the variant where one call has two).
 */
export const ACTION_WINDOWS = {
  'send-otp (email)': [STAGE.EMAIL, STAGE.EMAIL],
  'verify-otp-email': [STAGE.EMAIL, STAGE.EMAIL],
  'pan-validation': [STAGE.PAN, STAGE.DIGILOCKER],
  'pan-validation (image)': [STAGE.PAN, STAGE.DIGILOCKER],
  'kra-digilocker': [STAGE.DIGILOCKER, STAGE.DIGILOCKER],
  'initilize-digilocker': [STAGE.DIGILOCKER, STAGE.DIGILOCKER],
  'get-digi-data': [STAGE.DIGILOCKER, STAGE.DIGILOCKER],
  'digi-ovd-verify': [STAGE.DIGILOCKER, STAGE.DIGILOCKER],
  'get-profiling-draft': [STAGE.CLIENT_PROFILING, STAGE.CLIENT_PROFILING],
  'save-profiling-draft': [STAGE.CLIENT_PROFILING, STAGE.CLIENT_PROFILING],
  'personal-details-update': [STAGE.CLIENT_PROFILING, STAGE.CLIENT_PROFILING],
  'vpa-validation': [STAGE.BANK_AND_SEGMENT, STAGE.BANK_AND_SEGMENT],
  'upi-intent': [STAGE.BANK_AND_SEGMENT, STAGE.BANK_AND_SEGMENT],
  'bank-verification': [STAGE.BANK_AND_SEGMENT, STAGE.SIGNATURE],
  'cheque-verification': [STAGE.BANK_AND_SEGMENT, STAGE.BANK_AND_SEGMENT],
  'other-bank-document': [STAGE.BANK_AND_SEGMENT, STAGE.BANK_AND_SEGMENT],
  'upload-signature': [STAGE.SIGNATURE, STAGE.SIGNATURE],
  'update-nominee': [STAGE.NOMINEE, STAGE.SEGMENT],
  'send-nominee-opt-out-otp': [STAGE.NOMINEE, STAGE.SEGMENT],
  'update-demat-choice': [STAGE.NOMINEE, STAGE.SELFIE],
  'update-segment': [STAGE.SEGMENT, STAGE.SEGMENT],
  'get-segment-status': [STAGE.SEGMENT, STAGE.SEGMENT],
  'get-hypervege-token': [STAGE.SELFIE, STAGE.SELFIE],
  'upload-liveliness': [STAGE.SELFIE, STAGE.SELFIE],
  'upload-liveliness (poll)': [STAGE.SELFIE, STAGE.STATUS],
  'esign-initate': [STAGE.ESIGN, STAGE.ESIGN],
  'esign-consent': [STAGE.ESIGN, STAGE.ESIGN],
} as const satisfies Record<string, readonly [StageCode, StageCode]>;
export type StageAction = keyof typeof ACTION_WINDOWS;

export function routeRule(path: string): RouteRule | undefined {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return ROUTES.find((r) => r.path === clean);
}

/**
 * Where an applicant at `stage` who opens `path` should be: the path itself when inside its
 * window, otherwise the current stage's route.
 */
export function guardRedirect(
  path: string,
  stage: number | undefined,
  options: { rejected?: boolean } = {},
): ApplicantRoute | null {
  const rule = routeRule(path);
  if (!rule || !rule.auth || !rule.window) return null;
  if (stage === undefined) return ROUTE.signUp;
  // a reviewer's rejection makes that stage current; the status page stays open to explain it (section 4)
  if (options.rejected && path === ROUTE.status) return null;
  const [min, max] = rule.window;
  if (stage >= min && stage <= max) return null;
  const target = routeForStage(stage);
  return target === path ? null : target;
}

/** Progress bar (section 4): entries whose admin_activity is Accept or Pending, out of 12. */
export function progressOf(kycList: readonly { admin_activity: string | null }[]): { steps: number; percent: number } {
  const steps = Math.min(
    PROGRESS_STEPS,
    kycList.filter((k) => k.admin_activity === 'Accept' || k.admin_activity === 'Pending').length,
  );
  const percent = steps === PROGRESS_STEPS ? 100 : Math.round(steps * PROGRESS_STEP_PERCENT * 100) / 100;
  return { steps, percent };
}

/** The progress fill animates over 2 s unless at 100 % or on client-profiling / bank-and-segment paths. */
export function progressAnimates(percent: number, path: string): boolean {
  return percent !== 100 && !path.includes('client-profiling') && !path.includes('bank-and-segment');
}
