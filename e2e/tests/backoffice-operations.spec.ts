/**
 * The back office as an operations team uses it: two reviewers racing for one application, a
 * configured reason reaching the applicant's status screen in Hindi, maker then checker (four
 * eyes), bulk acceptance of clean applications, and the names side by side with a mismatch shown.
 * With DOCS_SCREENSHOTS=1, desktop screenshots are written to docs/images for docs/operations.md.
 */
import type { StaffRole } from '@ekyc/contracts/calls/backoffice-login';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import path from 'node:path';
import {
  seedApplicant,
  signedInToBackoffice,
  STAFF_TOKEN_KEY,
  uniqueMobile,
  VERIFIED_IDENTITY,
  withOwnPan,
} from '../support/journey';

const IMAGES = path.resolve(import.meta.dirname, '../../docs/images');
const PASSWORD = 'operations-e2e-pass-42';
const staff = (key: string, name: string, role: StaffRole = 'reviewer') => ({
  email: `${key}.ops-e2e@broker.example`,
  password: PASSWORD,
  name,
  role,
});

/** A unique surname per run, so a name search finds only this test's applications. */
const surname = () =>
  Array.from({ length: 7 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');

async function seed(request: APIRequestContext, sections: Record<string, Record<string, unknown>> = VERIFIED_IDENTITY) {
  const mobile = uniqueMobile();
  await request.post('/sandbox/fixtures/applicant', { data: { mobile, stage: 220, sections: withOwnPan(sections) } });
  return mobile;
}

async function signIn(page: Page, request: APIRequestContext, who: ReturnType<typeof staff>) {
  // the login form is backoffice-review.spec.ts's subject
  await signedInToBackoffice(page, request, who);
  await page.goto('/backoffice/');
  await expect(page.getByRole('heading', { name: 'Review queue' })).toBeVisible();
}

async function open(page: Page, q: string, name: string | RegExp) {
  await page.goto(`/backoffice/?status=all&q=${encodeURIComponent(q)}`);
  const row = page.getByRole('row', { name: typeof name === 'string' ? new RegExp(name) : name });
  await expect(row).toHaveCount(1);
  await row.getByRole('link').click();
  await expect(page.getByTestId('claim-bar')).toBeVisible();
}

async function newReviewerPage(browser: Browser, request: APIRequestContext, who: ReturnType<typeof staff>) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, request, who);
  return page;
}

const shot = async (page: Page, name: string) => {
  if (process.env.DOCS_SCREENSHOTS && test.info().project.name === 'desktop')
    await page.screenshot({ path: path.join(IMAGES, name), fullPage: true });
};

test('two reviewers race for one application: one holds it, the other is told who', async ({ browser, request }) => {
  const asha = staff('asha', 'Asha Menon');
  const bala = staff('bala', 'Bala Iyer');
  const mobile = await seed(request);
  const a = await newReviewerPage(browser, request, asha);
  const b = await newReviewerPage(browser, request, bala);
  await open(a, mobile, 'RAVI KUMAR SHARMA');
  await open(b, mobile, 'RAVI KUMAR SHARMA');
  await expect(a.getByTestId('claim-bar')).toContainText('Nobody is working on this application.');

  await Promise.all([
    a.getByRole('button', { name: 'Claim', exact: true }).click(),
    b.getByRole('button', { name: 'Claim', exact: true }).click(),
  ]);
  const settled = /You are working on this application|is working on this application\. You can read it/;
  await expect(a.getByTestId('claim-bar')).toContainText(settled);
  await expect(b.getByTestId('claim-bar')).toContainText(settled);
  const aWon = (await a.getByTestId('claim-bar').textContent())!.includes('You are working');
  const [winner, loser, winnerName] = aWon ? [a, b, asha.name] : [b, a, bala.name];
  await expect(winner.getByTestId('claim-bar')).toContainText('You are working on this application');
  await expect(loser.getByTestId('claim-bar')).toContainText(
    `${winnerName} is working on this application. You can read it but not decide on it.`,
  );
  // The one who lost cannot decide either (the server refuses too, naming the holder).
  await expect(loser.getByRole('button', { name: 'Accept Bank' })).toBeDisabled();
  await expect(loser.getByRole('button', { name: 'Accept all pending stages' })).toBeDisabled();
  await shot(loser, 'operations-claimed-by-colleague.png');
  await winner.getByRole('button', { name: 'Accept Bank' }).click();
  await expect(winner.locator('[data-stage="160"]')).toContainText('Accepted');
});

test('a configured reason reaches the applicant’s status screen in Hindi', async ({ page, browser, request }) => {
  await page.addInitScript(() => localStorage.setItem('ekyc.lang', 'hi'));
  const { mobile } = await seedApplicant(page, request, 220, VERIFIED_IDENTITY);
  const reviewer = await newReviewerPage(browser, request, staff('hindi', 'Hema Joshi'));
  await open(reviewer, mobile, 'RAVI KUMAR SHARMA');
  await reviewer.getByRole('button', { name: 'Reject Signature' }).click();
  const dialog = reviewer.getByRole('dialog', { name: 'Reject the Signature stage' });
  await dialog.getByLabel('Configured reason').selectOption('SIGNATURE_MISMATCH');
  await expect(dialog.getByTestId('reason-preview')).toContainText('Sends the applicant back to: Signature');
  await shot(reviewer, 'operations-coded-reason.png');
  await dialog.getByRole('button', { name: 'Reject stage' }).click();
  await expect(reviewer.locator('[data-stage="170"]')).toContainText(
    'Your signature does not match the signature on your PAN card',
  );

  // The audit trail reads the decision as a sentence; the raw change sits behind a disclosure.
  await reviewer.getByRole('link', { name: 'Audit trail' }).click();
  const entry = reviewer.getByRole('listitem').filter({
    hasText:
      'Hema Joshi (reviewer) rejected stage 170 Signature: Your signature does not match the signature on your PAN card',
  });
  await expect(entry).toHaveCount(1);
  await entry.getByText('Raw change').click();
  // stored with the version of the reason it was sent with
  await expect(entry.getByText('[SIGNATURE_MISMATCH@1]', { exact: false })).toBeVisible();
  await expect(reviewer.getByTestId('chain-status')).toContainText('Hash chain intact');
  await shot(reviewer, 'operations-audit.png');

  await page.goto('/ekyc1/status');
  await expect(page.getByTestId('rejection-reasons')).toContainText(
    'आपके हस्ताक्षर आपके पैन कार्ड पर किए हस्ताक्षर से मेल नहीं खाते',
  );
  await expect(page.getByRole('heading', { name: 'सुधार चाहिए: हस्ताक्षर' })).toBeVisible();
  await shot(page, 'operations-applicant-reason-hindi.png');
});

test('maker then checker makes the application Approved; the maker is refused as checker', async ({
  browser,
  request,
}) => {
  const mobile = await seed(request);
  // a checker by role, refused here because they accepted the stages themselves
  const maker = await newReviewerPage(browser, request, staff('maker', 'Mohan Maker', 'checker'));
  await open(maker, mobile, 'RAVI KUMAR SHARMA');
  await maker.getByRole('button', { name: 'Accept all pending stages' }).click();
  const makerApproval = maker.getByRole('region', { name: 'Approval' });
  await expect(makerApproval).toContainText('Every stage is accepted (by maker.ops-e2e@broker.example)');
  await expect(makerApproval).toContainText('Four eyes: a staff member other than the one who accepted the stages');
  await expect(makerApproval.getByRole('button', { name: 'Confirm approval' })).toHaveCount(0);
  // The next application is offered once the decision hands this one on.
  await expect(maker.getByRole('status').filter({ hasText: 'Next application' })).toBeVisible();
  // Asked directly, the server refuses the maker as checker.
  const token = await maker.evaluate((key) => sessionStorage.getItem(key), STAFF_TOKEN_KEY);
  const id = maker.url().split('/').pop()!;
  const refused = await request.post(`/api/v1/backoffice/applications/${id}/confirm`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe(
    'Four eyes: a different staff member must confirm the approval.',
  );

  const checker = await newReviewerPage(browser, request, staff('checker', 'Kavya Checker', 'checker'));
  await open(checker, mobile, 'RAVI KUMAR SHARMA');
  await checker.getByRole('region', { name: 'Approval' }).getByRole('button', { name: 'Confirm approval' }).click();
  // Confirmation is explicit: asked once more.
  await checker
    .getByRole('dialog', { name: 'Confirm the approval?' })
    .getByRole('button', { name: 'Yes, confirm the approval' })
    .click();
  await expect(
    checker.getByText('Approved: Your application has been successfully verified. Thank you for choosing us.'),
  ).toBeVisible();
  await shot(checker, 'operations-checker-approved.png');
});

test('bulk acceptance of three clean applications, each still waiting for a checker', async ({ browser, request }) => {
  const family = surname();
  const names = ['ANIL', 'BINA', 'CHARU'].map((first) => `${first} ${family}`);
  for (const name of names)
    await seed(request, {
      ...VERIFIED_IDENTITY,
      pan_obj: { ...VERIFIED_IDENTITY.pan_obj, full_name: name, name_on_card: name },
      // clean: the selfie live and matching the Aadhaar photo (bulk acceptance takes only passes)
      livness_obj: {
        image: 'data:image/png;base64,iVBORw0KGgo=',
        status: 'auto_approved',
        module_outcome: 'auto_approved',
        face_match: true,
        face_match_score: 0.82,
        face_match_threshold: 0.5,
        live: true,
        live_confidence: 0.97,
      },
    });
  const reviewer = await newReviewerPage(browser, request, staff('bulk', 'Bhavna Bulk'));
  await reviewer.goto(`/backoffice/?q=${family}`);
  await expect(reviewer.getByRole('row')).toHaveCount(4);
  for (const name of names) await reviewer.getByRole('checkbox', { name: `Select ${name}` }).check();
  await shot(reviewer, 'operations-queue-bulk.png');
  await reviewer.getByRole('button', { name: 'Accept selected (3)' }).click();
  const dialog = reviewer.getByRole('dialog', { name: 'Accept 3 applications' });
  await expect(dialog).toContainText('A second staff member still confirms each approval.');
  await dialog.getByRole('button', { name: 'Accept them' }).click();
  await expect(reviewer.getByText('3 accepted, 0 skipped')).toBeVisible();

  for (const name of names) {
    await reviewer.goto(`/backoffice/?q=${family}`);
    await reviewer
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('link')
      .click();
    const approval = reviewer.getByRole('region', { name: 'Approval' });
    await expect(approval).toContainText('Every stage is accepted (by bulk.ops-e2e@broker.example)');
    await expect(approval.getByRole('button', { name: 'Confirm approval' })).toHaveCount(0);
  }

  // The team's figures count the decisions, per reviewer, with a legend.
  await reviewer.getByRole('link', { name: 'Team', exact: true }).click();
  const perDay = reviewer.getByRole('figure', { name: 'Decisions per reviewer per day' });
  await expect(perDay.locator('.recharts-legend-item').filter({ hasText: 'Bhavna Bulk' })).toBeVisible();
  await expect(perDay.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  await shot(reviewer, 'operations-team.png');
});

test('the names side by side, with a mismatching bank holder name highlighted', async ({ browser, request }) => {
  const mobile = await seed(request, {
    ...VERIFIED_IDENTITY,
    bank_obj: {
      ifsc: 'HDFC0000001',
      account_number: '50100123456780',
      account_type: 'Saving',
      name_match: { result: 'mismatch', score: 40, reason: 'different', bank_name_on_account: 'RAVI VERMA' },
    },
  });
  const reviewer = await newReviewerPage(browser, request, staff('names', 'Nisha Names'));
  await open(reviewer, mobile, 'RAVI KUMAR SHARMA');
  const names = reviewer.getByRole('table', { name: /Each name against the name on the PAN/ });
  const bank = names.getByRole('row', { name: /^Bank account holder/ });
  await expect(bank).toHaveAttribute('data-result', 'mismatch');
  await expect(bank.getByText('Mismatch')).toHaveClass(/text-danger/);
  await expect(bank.locator('[data-word="agree"]')).toHaveText(['RAVI']);
  await expect(bank.locator('[data-word="differ"]')).toHaveText(['VERMA', 'KUMAR', 'SHARMA']);
  await expect(bank.locator('[data-word="differ"]').first()).toHaveClass(/text-danger/);
  await expect(bank.getByRole('cell').nth(4)).toHaveText('80');
  const aadhaar = names.getByRole('row', { name: /^Aadhaar \(DigiLocker\)/ });
  await expect(aadhaar).toHaveAttribute('data-result', 'exact');
  await expect(aadhaar.locator('[data-word="differ"]')).toHaveCount(0);
  await expect(reviewer.locator('[data-dob-source="aadhaar"]')).toContainText('Same as PAN');
  await shot(reviewer, 'operations-evidence-names.png');
  // Keyboard shortcuts, with their help.
  await reviewer.keyboard.press('?');
  const help = reviewer.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help.getByTestId('shortcut-list')).toContainText('Accept every pending stage');
  await shot(reviewer, 'operations-shortcuts.png');
  await reviewer.keyboard.press('Escape');
  // the single key asks once more; the bank name's mismatch is accepted only with a note
  await reviewer.keyboard.press('a');
  const ask = reviewer.getByRole('dialog', { name: 'Accept every pending stage?' });
  await ask
    .getByRole('textbox', { name: /A check failed or did not run \(Bank\)/ })
    .fill('Name after marriage: checked');
  await ask.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(reviewer.locator('[data-stage="160"]')).toContainText('Accepted');
});
