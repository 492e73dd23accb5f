/**
 * Partial approval in the browser, end to end: the maker accepts the application with equity active
 * and equity derivatives held back pending the income proof, the checker confirms it from the
 * awaiting-confirmation queue; the client sees "Pending proof" in My account, sends the proof from
 * the segment page and signs it; once a maker and a checker released it and the exchanges accepted
 * the UCC modification, My account shows the segment active.
 */
import { expect, test } from '@playwright/test';
import { makeProofPdf } from '../../apps/api/test/support/segment-pdf';
import { catalogue as catalogueOf, staffCall, text } from '../support/client-area';
import { outboxOtp, seedApplicant, signedInToBackoffice, SIGNED_SECTIONS, staffToken } from '../support/journey';

const PASSWORD = 'partial-release-e2e-pass-42';
const MAKER = { email: 'maker.partial-e2e@broker.example', password: PASSWORD, name: 'Pooja Maker', role: 'reviewer' };
const CHECKER = {
  email: 'checker.partial-e2e@broker.example',
  password: PASSWORD,
  name: 'Ravi Checker',
  role: 'checker',
};
/** Every stage but the segment stage, which the maker decides on the page. */
const OTHER_STAGES = [110, 120, 130, 140, 150, 160, 170, 180, 200, 210];

test('equity approved, F&O held until the proof arrives, then released and active', async ({ browser, request }) => {
  test.slow();
  const c = catalogueOf('en', 'client-area');
  const s = catalogueOf('en', 'segment');
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  const { mobile } = await seedApplicant(
    page,
    request,
    220,
    {
      ...SIGNED_SECTIONS,
      segment_obj: {
        segment_list: [
          { code: 'equity_1', name: 'Equity' },
          { code: 'equity_derivatives_1', name: 'Equity Derivatives' },
        ],
      },
    },
    { email: `partial.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.in` },
  );
  const maker = await staffToken(request, MAKER);
  const checker = await staffToken(request, CHECKER);
  const id = (await staffCall<{ items: { id: string }[] }>(request, maker, `applications?q=${mobile}`, 'GET')).items[0]!
    .id;
  const decided = await request.post(`/api/v1/backoffice/applications/${id}/decisions`, {
    headers: { authorization: `Bearer ${maker}` },
    data: { decisions: OTHER_STAGES.map((stage) => ({ stage, activity: 'Accept' })) },
  });
  expect(decided.status()).toBe(200);

  // the maker accepts the segment stage holding F&O back
  const makerPage = await (await browser.newContext()).newPage();
  await signedInToBackoffice(makerPage, request, MAKER);
  await makerPage.goto(`/backoffice/applications/${id}`);
  await makerPage.getByRole('button', { name: 'Accept, hold segments…' }).click();
  const dialog = makerPage.getByRole('dialog', { name: 'Accept the segments, holding some back' });
  await dialog.getByLabel('Hold Equity Derivatives').check();
  await dialog.getByRole('button', { name: 'Accept with these held' }).click();
  await expect(makerPage.getByTestId('segment-holds')).toContainText('Equity Derivatives');

  // the checker confirms it from the queue
  const checkerPage = await (await browser.newContext()).newPage();
  await signedInToBackoffice(checkerPage, request, CHECKER);
  await checkerPage.goto('/backoffice/awaiting-confirmation');
  const row = checkerPage.getByRole('row').filter({ hasText: `******${mobile.slice(-2)}` });
  await expect(row).toContainText('Partial: 1 held');
  await row.getByRole('checkbox').check();
  await checkerPage.getByRole('button', { name: 'Confirm selected (1)' }).click();
  await checkerPage
    .getByRole('dialog', { name: 'Confirm 1 approvals?' })
    .getByRole('button', { name: 'Accept', exact: true })
    .click();
  await expect(checkerPage.getByText('1 confirmed, 0 skipped')).toBeVisible();
  await expect
    .poll(async () => (await staffCall<{ status: string }>(request, maker, `applications/${id}`, 'GET')).status, {
      timeout: 45_000,
    })
    .toBe('Completed');

  // the client: equity active, F&O pending its proof
  await page.goto('/my-account');
  await page.getByLabel(text(c, 'signIn.mobile')).fill(mobile);
  await page.getByRole('button', { name: text(c, 'signIn.sendOtp') }).click();
  const signInOtp = await outboxOtp(request, mobile);
  await page.getByLabel(text(c, 'signIn.otp', { mobile })).fill(signInOtp);
  await page.getByRole('button', { name: text(c, 'signIn.verify') }).click();
  await expect(page.getByTestId('segment-state-equity_1')).toHaveText(text(c, 'segments.active'));
  await expect(page.getByTestId('segment-state-equity_derivatives_1')).toHaveText(text(c, 'segments.pending_proof'));

  // the proof sent from the segment page, signed with Aadhaar eSign
  await page.getByRole('link', { name: text(c, 'segments.sendProof') }).click();
  await page.getByLabel(text(c, 'segmentsChange.release', { name: text(s, 'names.equity_derivatives_1') })).check();
  await page.getByTestId('risk-disclosure').getByRole('checkbox').check();
  await page.getByLabel(text(s, 'proofOption')).selectOption('itr');
  await page.getByLabel(text(s, 'file')).setInputFiles({
    name: 'itr-2025-26.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(await makeProofPdf('Income tax return')),
  });
  await page.getByRole('button', { name: text(c, 'segmentsChange.save') }).click();
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: text(c, 'nomination.sign') }).click();
  const esp = await popup;
  await esp.getByLabel('Aadhaar OTP').fill(await outboxOtp(request, mobile, signInOtp));
  await esp.getByRole('button', { name: 'Verify OTP and sign' }).click();
  const signed = page.getByTestId('segments-signed');
  await expect(signed).toBeVisible({ timeout: 30_000 });
  const number = /SR-\d{6}/.exec((await signed.textContent()) ?? '')![0];

  // the release, four-eyed, then the exchanges' UCC modification
  const queue = await staffCall<{ requests: { id: string; number: string; summary: string[] }[] }>(
    request,
    maker,
    'service-requests',
    'GET',
  );
  const release = queue.requests.find((r) => r.number === number)!;
  expect(release.summary).toContain(
    'Activate Equity Derivatives: held at approval pending the income proof, released when carried out',
  );
  await staffCall(request, maker, `service-requests/${release.id}/accept`);
  await staffCall(request, checker, `service-requests/${release.id}/confirm`);
  await expect
    .poll(
      async () =>
        (await staffCall<{ request: { status: string } }>(request, maker, `service-requests/${release.id}`, 'GET'))
          .request.status,
      { timeout: 45_000 },
    )
    .toBe('done');
  await page.goto('/my-account');
  await expect(page.getByTestId('segment-state-equity_derivatives_1')).toHaveText(text(c, 'segments.active'));
});
