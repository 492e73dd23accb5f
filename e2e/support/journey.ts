/** Steps shared by the browser journeys: sign-up by OTP read from the sandbox outbox. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * The wait for the form preview on arriving at e-sign: the form is rendered and signed on the
 * server, then drawn in the browser, the heaviest step of the journey (on a busy machine it takes
 * longer than a click's answer).
 */
export const FORM_READY = { timeout: 60_000 };

let seq = 0;
export function uniqueMobile(): string {
  seq += 1;
  const n = (Date.now() * 7 + seq * 7919 + process.pid * 104729) % 1_000_000_000;
  return `9${String(n).padStart(9, '0')}`;
}

/**
 * A PAN of its own for each seeded applicant: one signed application per PAN, so applicants seeded
 * at e-sign or beyond must not share one. Its digits avoid the sandbox's special values (four like
 * digits), and its letters and digits come from a fresh mobile number.
 */
export function uniquePan(): string {
  const d = uniqueMobile().slice(1).split('').map(Number);
  const letter = (n: number) => 'ABCDEFGHJK'[n]!;
  let digits = d.slice(4, 8).join('');
  if (/^(\d)\1{3}$/.test(digits)) digits = `${digits.slice(0, 3)}${(d[7]! + 1) % 10}`;
  return `${letter(d[0]!)}${letter(d[1]!)}${letter(d[2]!)}P${letter(d[3]!)}${digits}${letter(d[8]!)}`;
}

/** The sections with the shared sample PAN (VERIFIED_IDENTITY's) replaced by a PAN of the applicant's own. */
export function withOwnPan<T extends Record<string, Record<string, unknown>>>(sections: T): T {
  const pan = sections.pan_obj;
  if (pan?.pan_number !== VERIFIED_IDENTITY.pan_obj.pan_number) return sections;
  return { ...sections, pan_obj: { ...pan, pan_number: uniquePan() } };
}

export async function outboxOtp(request: APIRequestContext, to: string, after?: string): Promise<string> {
  let otp = '';
  await expect
    .poll(async () => {
      const list = (await (await request.get(`/sandbox/outbox?to=${encodeURIComponent(to)}`)).json()) as {
        otp: string | null;
      }[];
      otp = list[0]?.otp ?? '';
      return otp && otp !== after ? otp : '';
    })
    .not.toBe('');
  return otp;
}

/** From the sign-up page to /ekyc1/pan-verification. */
export async function signUpToPan(page: Page, request: APIRequestContext, mobile = uniqueMobile()) {
  await page.goto('/ekyc1/');
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page).toHaveURL(/\/ekyc1\/verify-otp\?mobile=/);
  await page.getByLabel('Enter OTP').fill(await outboxOtp(request, mobile));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/ekyc1\/email-verification$/);
  const email = `e2e${mobile}@example.com`;
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page).toHaveURL(/\/email-verification\/verify-otp\?resend_after=\d+$/);
  await page.getByLabel('Enter OTP').fill(await outboxOtp(request, email));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/ekyc1\/pan-verification$/);
  return { mobile, email };
}

/**
 * An applicant already at `stage` with the given sections, signed in in this browser: each step's
 * journey starts at its own page (POST /sandbox/fixtures/applicant, sandbox only).
 */
export async function seedApplicant(
  page: Page,
  request: APIRequestContext,
  stage: number,
  sections: Record<string, Record<string, unknown>> = {},
  /** ruleSet: the day whose rules the application follows (YYYY-MM-DD), instead of today's. */
  options: { email?: string; ruleSet?: string } = {},
): Promise<{ token: string; mobile: string; pan: string | undefined }> {
  const mobile = uniqueMobile();
  const seeded = withOwnPan(sections);
  const res = await request.post('/sandbox/fixtures/applicant', {
    data: {
      mobile,
      stage,
      sections: seeded,
      ...(options.email && { email: options.email }),
      ...(options.ruleSet && { rule_set: options.ruleSet }),
    },
  });
  const body = (await res.json()) as { data: { token: string } };
  const token = body.data.token;
  // A same-origin page that never navigates on its own: the session is written before any app page loads.
  await page.goto('/readyz');
  await page.evaluate(
    ([t, m]) =>
      localStorage.setItem(
        'ekyc.session',
        JSON.stringify({
          token: t,
          isAuthenticated: true,
          phoneNumberEntered: m,
          userAuthInfo: { email: `fixture${m}@example.com`, mobile: m, whatspp_opt: false },
        }),
      ),
    [token, mobile] as const,
  );
  return { token, mobile, pan: seeded.pan_obj?.pan_number as string | undefined };
}

/** Sections a PAN-verified, DigiLocker-verified applicant has (used to seed later steps). */
export const VERIFIED_IDENTITY = {
  pan_obj: {
    name_on_card: 'RAVI KUMAR SHARMA',
    full_name: 'RAVI KUMAR SHARMA',
    pan_number: 'ABCPS1234K',
    dob: '15/08/1990',
    is_kra: false,
  },
  digilocker_obj: {
    is_pan_missing: false,
    cdl_documents: [
      {
        document_type: 'AADHAARCARD',
        name: 'Ravi Kumar Sharma',
        gender: 'M',
        dob: '15/08/1990',
        care_of: 'S/O Ramesh Sharma',
        house: '12',
        street: 'MG Road',
        locality: 'Indiranagar',
        landmark: 'Near Metro',
        district_city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560038',
        country: 'India',
        uid: 'xxxxxxxx1234',
      },
    ],
  },
};

/** Sections an applicant at e-sign has: everything the account-opening form is made of. */
export const ESIGN_SECTIONS = {
  ...VERIFIED_IDENTITY,
  personal_obj: {
    occupation__name: 'Private Sector',
    annual_income__name: '5-10 lakhs',
    gender: 'M',
    marital_status: 'married',
    father_name: 'Ramesh Sharma',
    mother_name: 'Sita Sharma',
    indian_citizen: true,
    resident_of_india: true,
    politically_exposed: true,
  },
  bank_obj: {
    ifsc: 'HDFC0000001',
    bank_name: 'HDFC BANK',
    account_number: '123456789012',
    account_type: 'Saving',
    bank_verify_edit: false,
  },
  nominee_obj: { skip_nominee: true, nominee_list: [] },
  segment_obj: { segment_list: [{ code: 'equity_1', name: 'Equity' }] },
};

/** On /ekyc1/pan-verification: enters the PAN, name and date of birth and continues to pan-info. */
export async function enterPan(page: Page, pan: string, name: string, dob: string) {
  await page.getByLabel('PAN number').fill(pan);
  await page.getByLabel('Name on PAN').fill(name);
  await page.getByLabel('Date of birth').fill(dob);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/ekyc1\/pan-verification\/pan-info$/);
}

/** On /ekyc1/digilocker: agrees, goes to the sandbox DigiLocker consent page and answers it. */
export async function answerDigilocker(page: Page, decision: 'Allow' | 'Deny') {
  const start = page.getByRole('button', { name: /^(Continue|Retry Using Digilocker)$/ });
  await expect(start).toBeVisible();
  const agree = page.getByRole('checkbox');
  if ((await agree.count()) > 0) await agree.check();
  await start.click();
  // a GET to authorize, its parameters in the query (the partner specification's authorize)
  await expect(page).toHaveURL(/\/sandbox\/digilocker\/oauth2\/1\/authorize\?response_type=code&client_id=/);
  await page.getByRole('button', { name: decision, exact: true }).click();
}

/** What the registrations need after approval (address, income, bank, segments): Completed follows. */
export const SIGNED_SECTIONS = {
  ...VERIFIED_IDENTITY,
  personal_obj: {
    gender: 'M',
    marital_status: 'single',
    father_name: 'Ramesh Sharma',
    occupation: 'private_sector',
    annual_income: '5_10',
  },
  bank_obj: { ifsc: 'HDFC0000001', bank_name: 'HDFC Bank', account_number: '50100123456780', account_type: 'Saving' },
  segment_obj: { segment_list: [{ code: 'equity_1' }] },
};

/** A back-office account as the sandbox fixtures create it. */
export interface StaffMember {
  email: string;
  password: string;
  name: string;
  role: string;
}

/** Where the back office keeps its staff token for the tab (session storage). */
export const STAFF_TOKEN_KEY = 'ekyc.staff.token';

/** A staff member (created through the sandbox fixtures) signed in to the back office's API: the token. */
export async function staffToken(request: APIRequestContext, who: StaffMember): Promise<string> {
  await request.post('/sandbox/fixtures/staff', { data: who });
  const res = await request.post('/api/v1/backoffice/login', { data: { email: who.email, password: who.password } });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/**
 * Opens the back office already signed in as the staff member (the token the login page would keep
 * for the tab), for tests about what a signed-in page shows rather than about signing in.
 */
export async function signedInToBackoffice(page: Page, request: APIRequestContext, who: StaffMember): Promise<void> {
  const token = await staffToken(request, who);
  await page.addInitScript(([key, value]) => sessionStorage.setItem(key, value), [STAFF_TOKEN_KEY, token] as const);
}

/** Draws on the signature canvas point by point, slowly enough for signature_pad to record each. */
export async function drawSignature(page: Page, points = 80): Promise<void> {
  const canvas = page.getByRole('img', { name: 'Signature drawing area' });
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  const x0 = box.x + 12;
  const step = (box.width - 24) / points;
  await page.mouse.move(x0, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= points; i += 1) {
    const y = box.y + box.height / 2 + Math.sin(i / 2) * (box.height / 3);
    await page.mouse.move(x0 + i * step, y);
    await page.waitForTimeout(20);
  }
  await page.mouse.up();
}
