/**
 * The back office's journey: an applicant who finished e-sign; a reviewer rejects the bank stage
 * with a reason; the applicant is sent back to the bank page and submits another account, which
 * the signed form did not print, so they sign the new version of the form; the reviewer sees the
 * account old and new beside the bank stage waiting again, accepts everything and a second staff member confirms the approval (Approved); the
 * registrations run in the sandbox (exchange UCC, CDSL BO account, KRA, CKYC) and the account turns
 * Completed, with the client code and the BO id on the applicant's status screen and the welcome
 * email in the outbox.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { FORM_READY, outboxOtp, seedApplicant, VERIFIED_IDENTITY } from '../support/journey';
import { look } from '../support/look';

const UNDER_REVIEW = 'Your application is under review. We will get back to you soon.';
const REVIEWER = { email: 'reviewer.e2e@broker.example', password: 'reviewer-e2e-pass-1', name: 'Riya Reviewer' };
const CHECKER = {
  email: 'checker.e2e@broker.example',
  password: 'checker-e2e-pass-1',
  name: 'Chetan Checker',
  role: 'checker',
};

/** A small picture standing in for the selfie and the Aadhaar photo. */
const PHOTO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAYElEQVRYhe3WUQ3AAAxCwclGCZqQNRNLuo9LKqAh8OBZ86t7zj+Yh0Kh8tCkLOf4GTCGQuWhSVnOITQDLRQqD03KgkMBxqqOKdeYH72fZjPQQqHy0KQsOBRgrOrYp1F4AaVThvFShdhaAAAAAElFTkSuQmCC';

const FINISHED_SECTIONS = {
  ...VERIFIED_IDENTITY,
  digilocker_obj: { ...VERIFIED_IDENTITY.digilocker_obj, aadhaar_photo: PHOTO },
  livness_obj: { image: PHOTO, face_match_score: 0.91, face_match: true },
  personal_obj: {
    occupation: 'private_sector',
    occupation__name: 'Private Sector',
    annual_income: '5_10',
    trading_experience__name: '1-5',
    annual_income__name: '5-10',
    education__name: 'Graduate',
    gender: 'M',
    marital_status: 'single',
    father_name: 'Ramesh Sharma',
    mother_name: 'Sunita Sharma',
  },
  bank_obj: {
    ifsc: 'HDFC0000001',
    bank_name: 'HDFC Bank',
    account_number: '50100123456780',
    account_type: 'Saving',
    doctype: 'CancelledCheque',
  },
  nominee_obj: { skip_nominee: true, nominee_list: [] },
  segment_obj: { segment_list: [{ code: 'equity_1' }] },
  // as the record shows it: a link to the form (a file of its own in a real application)
  esign_obj: { generated_doc: 'account-opening-form.pdf' },
  review_obj: { status: 'Pending', text: 'Your application is under review. We will get back to you soon.' },
};

type Details = {
  kyc_status_obj: [{ kyc_list: { stage: number; admin_activity: string | null; reason?: string | null }[] }];
  review_obj: { status?: string; text?: string };
  client_code: string | null;
};

async function userDetails(request: APIRequestContext, token: string): Promise<Details> {
  const res = await request.get('/api/v1/ekyc/get-user-details', { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: [Details] }).data[0];
}

async function signInReviewer(
  page: Page,
  request: APIRequestContext,
  who: typeof REVIEWER & { role?: string } = REVIEWER,
) {
  await request.post('/sandbox/fixtures/staff', { data: { role: 'reviewer', ...who } });
  await page.goto('/backoffice/');
  await expect(page).toHaveURL(/\/backoffice\/login$/);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Review queue' })).toBeVisible();
}

async function openApplication(page: Page, mobile: string, pan: string) {
  await page.goto(`/backoffice/?status=all&q=${mobile}`);
  const row = page.getByRole('row', { name: /RAVI KUMAR SHARMA/ });
  await expect(row).toHaveCount(1);
  // Lists show the mobile and PAN masked.
  await expect(row).toContainText(`${mobile.slice(0, 2)}******${mobile.slice(-2)}`);
  await expect(row).toContainText(`${pan.slice(0, 3)}****${pan.slice(-3)}`);
  await row.getByRole('link', { name: 'RAVI KUMAR SHARMA' }).click();
  await expect(page.getByRole('heading', { name: 'RAVI KUMAR SHARMA' })).toBeVisible();
}

test('a rejected bank stage goes back to the applicant, who resubmits; accepting all and confirming start the registrations, which make the account active', async ({
  page,
  context,
  request,
}) => {
  const { token, mobile, pan } = await seedApplicant(page, request, 220, FINISHED_SECTIONS);
  await page.goto('/ekyc1/status');
  await expect(page.getByTestId('status-message')).toHaveText(UNDER_REVIEW);

  const reviewer = await context.newPage();
  await signInReviewer(reviewer, request);
  await openApplication(reviewer, mobile, pan!);
  // The selfie beside the Aadhaar photo, with the face-match score.
  await expect(reviewer.getByRole('img', { name: 'Selfie', exact: true })).toBeVisible();
  await expect(reviewer.getByRole('img', { name: 'Aadhaar photo', exact: true })).toBeVisible();
  await expect(reviewer.getByText('0.91', { exact: true }).first()).toBeVisible();
  // Aadhaar appears by its last four digits only.
  await expect(reviewer.getByText('XXXX XXXX 1234')).toBeVisible();
  await expect(reviewer.getByText('xxxxxxxx1234')).toHaveCount(0);

  await reviewer.getByRole('button', { name: 'Reject Bank' }).click();
  const dialog = reviewer.getByRole('dialog', { name: 'Reject the Bank stage' });
  await dialog.getByRole('button', { name: 'Reject stage' }).click();
  await expect(dialog.getByText('Give a reason of at least 3 characters')).toBeVisible();
  await dialog
    .getByLabel('Reason', { exact: true })
    .fill('The cancelled cheque is unreadable; please add another bank account.');
  await dialog.getByRole('button', { name: 'Reject stage' }).click();
  await expect(dialog).toBeHidden();
  await expect(reviewer.locator('[data-stage="160"]')).toContainText('Rejected');
  await look(reviewer, `backoffice-review-${test.info().project.name}.png`, { fullPage: true });

  // Live, through the profile socket: the applicant's open status page turns to the rejection
  // with Retry, which leads to the rejected stage (section 4); the record says why.
  await expect(
    page.getByText('Your application has been rejected. Please contact our customer support for more details.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page).toHaveURL(/\/ekyc1\/bank-and-segment$/);
  const rejected = await userDetails(request, token);
  expect(rejected.kyc_status_obj[0].kyc_list.at(-1)).toMatchObject({
    stage: 160,
    admin_activity: 'Reject',
    reason: 'The cancelled cheque is unreadable; please add another bank account.',
  });
  expect(rejected.review_obj).toMatchObject({
    status: 'Rejected',
    text: 'Your application has been rejected. Please contact our customer support for more details.',
  });
  const status = await request.get('/api/v1/ekyc/get-application-status', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(((await status.json()) as { data: unknown }).data).toMatchObject({
    status: 'Rejected',
    rejected_stage: 160,
    retry_screen: '/bank-and-segment',
  });

  // Another account, entered by hand and verified by penny drop; back to the status page.
  await page.getByLabel(/Manual/).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/bank-and-segment\/add-bank$/);
  await page.getByLabel('IFSC', { exact: true }).fill('HDFC0000001');
  await expect(page.getByText('HDFC Bank', { exact: true })).toBeVisible();
  await page.getByLabel('Account number', { exact: true }).fill('50100987654321');
  await page.getByLabel('Confirm account number').fill('50100987654321');
  await page.getByLabel('Saving').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  // The signed form printed the old account: the applicant is told to sign the new version.
  await expect(page).toHaveURL(/\/ekyc1\/e-sign$/);
  await expect(page.getByTestId('sign-again')).toContainText(
    'You changed details printed on the form you signed (Account number).',
  );
  await expect(page.getByRole('img', { name: /^Account opening form, page 1 of \d+$/ })).toBeVisible(FORM_READY);
  await look(page, `backoffice-resign-${test.info().project.name}.png`, { fullPage: true });
  await page.getByLabel(/I have read and acknowledge the documents listed above/).check();
  await page.getByLabel(/I have read the account opening form/).check();
  await page.getByRole('button', { name: 'E-Sign With Aadhaar OTP' }).click();
  const popup = page.waitForEvent('popup');
  await page.getByRole('dialog').getByRole('button', { name: 'Continue' }).click();
  const esp = await popup;
  await esp.getByLabel('Aadhaar OTP').fill(await outboxOtp(request, mobile));
  await esp.getByRole('button', { name: 'Verify OTP and sign' }).click();
  await expect(page).toHaveURL(/\/ekyc1\/status$/, { timeout: 30_000 });
  await expect(page.getByTestId('status-message')).toHaveText(UNDER_REVIEW);
  expect((await userDetails(request, token)).review_obj.status).toBe('Pending');

  // Back in the queue, waiting for review: the account old and new beside the bank stage's reset decision.
  await reviewer.goto(`/backoffice/?q=${mobile}`);
  await expect(reviewer.getByRole('row', { name: /RAVI KUMAR SHARMA/ })).toContainText('Waiting for review');
  await look(reviewer, `backoffice-queue-${test.info().project.name}.png`, { fullPage: true });
  await reviewer.getByRole('link', { name: /RAVI KUMAR SHARMA/ }).click();
  const changes = reviewer.getByRole('region', { name: 'Changed after signing', exact: true });
  const account = changes.getByRole('row', { name: /Account number/ });
  await expect(account).toContainText('Bank');
  await expect(account.getByRole('deletion')).toHaveText('50100123456780');
  await expect(account.getByRole('insertion')).toHaveText('50100987654321');
  await expect(reviewer.locator('[data-stage="160"]')).toContainText('Verification Pending');
  await changes.scrollIntoViewIfNeeded();
  await look(reviewer, `backoffice-signed-changes-${test.info().project.name}.png`);
  await reviewer.getByRole('button', { name: 'Accept all pending stages' }).click();
  // Every stage accepted: still under review until a checker (a second staff member: four eyes) confirms.
  const makerApproval = reviewer.getByRole('region', { name: 'Approval' });
  await expect(makerApproval).toContainText('Every stage is accepted (by reviewer.e2e@broker.example)');
  await expect(makerApproval.getByRole('button', { name: 'Confirm approval' })).toHaveCount(0);
  await expect(page.getByTestId('status-message')).toHaveText(UNDER_REVIEW);
  const checker = await context.newPage();
  await signInReviewer(checker, request, CHECKER);
  await openApplication(checker, mobile, pan!);
  const approval = checker.getByRole('region', { name: 'Approval' });
  await approval.getByRole('button', { name: 'Confirm approval' }).click();
  await checker
    .getByRole('dialog', { name: 'Confirm the approval?' })
    .getByRole('button', { name: 'Yes, confirm the approval' })
    .click();
  // Approved ("successfully verified") lasts only while the sandbox registrations run (seconds):
  // the API tests hold it; here the journey goes on to Completed.
  await expect(approval).toHaveCount(0);
  // The registrations run in the sandbox: UCC at NSE and BSE (equity), the CDSL BO account, KRA, CKYC.
  const registrations = checker.getByRole('region', { name: 'Registrations' });
  await expect(registrations.getByTestId('registration-bo_cdsl')).toContainText('Accepted');
  await expect(registrations.getByTestId('registration-ucc_nse')).toContainText('Accepted');
  await expect(registrations.getByTestId('registration-ucc_bse')).toContainText('Accepted');
  await expect(checker.getByTestId('client-code')).toHaveText(/^EK[A-Z2-9]{8}$/);
  await expect(checker.getByText('Completed: Your Account is Active.')).toBeVisible();
  await look(checker, `backoffice-registrations-${test.info().project.name}.png`, { fullPage: true });

  // The applicant's open status page turns to the active account, live, with client code and BO id.
  await expect(page.getByTestId('status-message')).toHaveText('Your Account is Active.');
  await expect(page.getByText('steps 12 / 12')).toBeVisible();
  await expect(page.getByTestId('client-code')).toHaveText(/^EK[A-Z2-9]{8}$/);
  await expect(page.getByTestId('bo-id')).toHaveText(/^\d{16}$/);
  await look(page, `backoffice-applicant-active-${test.info().project.name}.png`, { fullPage: true });

  const active = await userDetails(request, token);
  expect(active.review_obj).toMatchObject({ status: 'Completed', text: 'Your Account is Active.' });
  expect(active.client_code).toMatch(/^EK[A-Z2-9]{8}$/);
  expect(
    active.kyc_status_obj[0].kyc_list.filter((k) => k.stage < 220).every((k) => k.admin_activity === 'Accept'),
  ).toBe(true);
  // The applicant was told by SMS, and the welcome email carries the client code, the BO id, the MITC and the kit.
  const outbox = (await (await request.get(`/sandbox/outbox?to=${mobile}`)).json()) as { text: string }[];
  expect(outbox[0]?.text).toContain('Your Account is Active.');
  const boId = await page.getByTestId('bo-id').textContent();
  const mail = (await (await request.get(`/sandbox/outbox?to=fixture${mobile}@example.com`)).json()) as {
    channel: string;
    text: string;
    attachments: { filename: string }[];
  }[];
  const welcome = mail.find((m) => m.channel === 'email' && m.text.includes(active.client_code!));
  expect(welcome?.text).toContain(`Demat account (BO id): ${boId}`);
  expect(welcome?.text).toContain('Most Important Terms and Conditions');
  expect(welcome?.attachments.map((a) => a.filename)).toEqual(
    expect.arrayContaining(['mitc.pdf', 'risk-disclosure.pdf', 'rights-and-obligations.pdf', 'tariff.pdf']),
  );

  // The audit trail reads each decision as a sentence, the raw change behind a disclosure, and its chain is intact.
  await reviewer.getByRole('link', { name: 'Audit trail' }).click();
  await expect(reviewer.getByTestId('chain-status')).toContainText('Hash chain intact');
  const entry = reviewer.getByRole('listitem').filter({
    hasText: 'Riya Reviewer (reviewer) rejected stage 160 Bank: The cancelled cheque is unreadable',
  });
  await expect(entry.first()).toBeVisible();
  await entry.first().getByText('Raw change').click();
  await expect(entry.first().getByText('stage.activity')).toBeVisible();
  await expect(entry.first().getByText(REVIEWER.email)).toBeVisible();
  await look(reviewer, `backoffice-audit-${test.info().project.name}.png`, { fullPage: true });
});

test('an applicant token opens nothing in the back office, and a reviewer sees no staff pages', async ({
  page,
  request,
}) => {
  const { token } = await seedApplicant(page, request, 220, FINISHED_SECTIONS);
  const res = await request.get('/api/v1/backoffice/applications', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(401);
  await page.goto('/backoffice/');
  await expect(page).toHaveURL(/\/backoffice\/login$/);

  await signInReviewer(page, request);
  await expect(page.getByRole('link', { name: 'Funnel' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Staff', exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Funnel' }).click();
  await expect(page.getByRole('figure')).toContainText('Applicants reaching each stage');
  await expect(page.getByRole('listitem', { name: /^PAN: \d+ reached/ })).toBeVisible();
  await look(page, `backoffice-funnel-${test.info().project.name}.png`, { fullPage: true });
});

test('an admin invites a reviewer, who chooses a password and signs in; the staff trail records it', async ({
  page,
  request,
}) => {
  const admin = { email: 'admin.e2e@broker.example', password: 'admin-e2e-pass-12', name: 'Anil Admin' };
  await request.post('/sandbox/fixtures/staff', { data: { ...admin, role: 'admin' } });
  await page.goto('/backoffice/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: 'Staff', exact: true }).click();

  const email = `new.reviewer.${test.info().project.name}.${Date.now()}@broker.example`;
  const form = page.getByRole('form', { name: 'Add a staff member' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Name').fill('Neha Reviewer');
  // with four eyes (the e2e server's setting) an admin never chooses a colleague's password
  await form.getByLabel('Password').fill('neha-reviewer-pass-1');
  await form.getByRole('button', { name: 'Add staff member' }).click();
  await expect(page.getByText(/Staff choose their own password/)).toBeVisible();
  await form.getByLabel('Password').fill('');
  await form.getByRole('button', { name: 'Add staff member' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: email })).toContainText('Reviewer');
  await look(page, `backoffice-staff-${test.info().project.name}.png`, { fullPage: true });

  await page.getByRole('link', { name: 'Staff audit' }).click();
  await expect(page.getByTestId('chain-status')).toContainText('Hash chain intact');
  await expect(page.getByText(`added ${email} as reviewer`).first()).toBeVisible();

  // the sandbox outbox stands in for the new reviewer's mailbox
  const outbox = (await (await request.get(`/sandbox/outbox?to=${encodeURIComponent(email)}`)).json()) as {
    text: string;
  }[];
  const token = outbox[0]!.text.match(/#token=([\w-]+)/)![1]!;
  const chosen = 'quiet harbour lantern 42';
  const accepted = await request.post('/api/v1/backoffice/invitation', { data: { token, password: chosen } });
  expect(((await accepted.json()) as { status: boolean }).status).toBe(true);
  const login = await request.post('/api/v1/backoffice/login', { data: { email, password: chosen } });
  expect(((await login.json()) as { status: boolean }).status).toBe(true);
});

test('an administrator whose password was set for them must choose their own first', async ({ page, request }) => {
  const admin = {
    email: `first.admin.${test.info().project.name}.${Date.now()}@broker.example`,
    password: 'set-by-the-installer-1',
    name: 'Farah Admin',
  };
  await request.post('/sandbox/fixtures/staff', { data: { ...admin, role: 'admin', password_change_required: true } });
  await page.goto('/backoffice/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('heading', { name: 'Set your own password' })).toBeVisible();
  await page.getByLabel('Current password').fill(admin.password);
  await page.getByLabel('New password').fill('password1234');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText(/This password is too easy to guess/)).toBeVisible();
  await look(page, `backoffice-change-password-${test.info().project.name}.png`, { fullPage: true });

  await page.getByLabel('New password').fill('lantern orchard pebble 93');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('heading', { name: 'Set your own password' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Staff', exact: true })).toBeVisible();
});
