/**
 * The checker's queue in the browser: a maker accepts two applications with a
 * note for the checker; the checker finds both under Awaiting confirmation with the note, the maker
 * sees they may not confirm their own, and the checker confirms both in bulk.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { signedInToBackoffice, staffToken, uniqueMobile, VERIFIED_IDENTITY, withOwnPan } from '../support/journey';

const PASSWORD = 'checker-queue-e2e-pass-42';
const MAKER = { email: 'maker.cq-e2e@broker.example', password: PASSWORD, name: 'Meera Maker', role: 'reviewer' };
const CHECKER = { email: 'checker.cq-e2e@broker.example', password: PASSWORD, name: 'Karan Checker', role: 'checker' };
const BEFORE_FINAL = [110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210];

/** A signed application the maker accepted, with a note for the checker; its mobile. */
async function acceptedByMaker(request: APIRequestContext, maker: string, note: string) {
  const mobile = uniqueMobile();
  await request.post('/sandbox/fixtures/applicant', {
    data: { mobile, stage: 220, sections: withOwnPan(VERIFIED_IDENTITY) },
  });
  const headers = { authorization: `Bearer ${maker}` };
  const found = await request.get(`/api/v1/backoffice/applications?q=${mobile}`, { headers });
  const id = ((await found.json()) as { data: { items: { id: string }[] } }).data.items[0]!.id;
  const decided = await request.post(`/api/v1/backoffice/applications/${id}/decisions`, {
    headers,
    data: { decisions: BEFORE_FINAL.map((stage) => ({ stage, activity: 'Accept' })), note },
  });
  expect(decided.status()).toBe(200);
  // the queue shows the mobile masked: its last two digits
  return `******${mobile.slice(-2)}`;
}

test('the checker confirms in bulk from the awaiting-confirmation queue, with the maker’s notes', async ({
  browser,
  request,
}) => {
  const maker = await staffToken(request, MAKER);
  const noteA = `Phone verified ${Date.now()}`;
  const noteB = `Address proof checked ${Date.now()}`;
  const lastA = await acceptedByMaker(request, maker, noteA);
  const lastB = await acceptedByMaker(request, maker, noteB);

  // the maker sees their own applications there, without a box to confirm them
  const makerPage = await (await browser.newContext()).newPage();
  await signedInToBackoffice(makerPage, request, MAKER);
  await makerPage.goto('/backoffice/awaiting-confirmation');
  const makerRow = makerPage.getByRole('row').filter({ hasText: noteA });
  await expect(makerRow).toContainText('You accepted it: a colleague confirms it');
  await expect(makerRow.getByRole('checkbox')).toHaveCount(0);

  const page = await (await browser.newContext()).newPage();
  await signedInToBackoffice(page, request, CHECKER);
  await page.goto('/backoffice/');
  await page.getByRole('link', { name: 'Awaiting confirmation' }).click();
  await expect(page.getByRole('heading', { name: 'Awaiting confirmation' })).toBeVisible();
  const rowA = page.getByRole('row').filter({ hasText: noteA });
  const rowB = page.getByRole('row').filter({ hasText: noteB });
  await expect(rowA).toContainText('Meera Maker');
  await expect(rowA).toContainText(lastA);
  await expect(rowB).toContainText(lastB);
  await rowA.getByRole('checkbox').check();
  await rowB.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Confirm selected (2)' }).click();
  const ask = page.getByRole('dialog', { name: 'Confirm 2 approvals?' });
  await ask.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(page.getByText('2 confirmed, 0 skipped')).toBeVisible();
  await expect(rowA).toHaveCount(0);
  await expect(rowB).toHaveCount(0);
});
