/**
 * Screening and the deceased flag in the back office, in the browser. An administrator imports the
 * sandbox lists; an applicant whose name and date of birth are on the UN consolidated list passes
 * PAN validation and is held with a hit. A supervisor sees the hit on the review page with the
 * matched entry, and clears one applicant's hit (not the listed person: the risk category comes out
 * low) and confirms another's (the listed person: high), each with a note. A supervisor records a client as
 * deceased after a confirmation, and the page shows the banner.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { signedInToBackoffice, staffToken, uniqueMobile, uniquePan } from '../support/journey';

const PASSWORD = 'screening-e2e-pass-42';
const ADMIN = { email: 'admin.screening-e2e@broker.example', password: PASSWORD, name: 'Asha Admin', role: 'admin' };
const SUPERVISOR = {
  email: 'supervisor.screening-e2e@broker.example',
  password: PASSWORD,
  name: 'Sunil Supervisor',
  role: 'supervisor',
};

/** An applicant held at PAN validation with a hit on the sandbox UN list (name and date of birth): its id. */
async function heldApplicant(request: APIRequestContext): Promise<string> {
  const admin = await staffToken(request, ADMIN);
  const imported = await request.post('/api/v1/backoffice/screening/import', {
    headers: { authorization: `Bearer ${admin}` },
    data: {},
  });
  expect(imported.status()).toBe(200);
  const seeded = await request.post('/sandbox/fixtures/applicant', { data: { mobile: uniqueMobile(), stage: 130 } });
  const { token, applicant_id: id } = ((await seeded.json()) as { data: { token: string; applicant_id: string } }).data;
  const validated = await request.post('/api/v1/ekyc/pan-validation?is_ocr=false', {
    headers: { authorization: `Bearer ${token}` },
    data: { pan: uniquePan(), pan_name: 'Zorawar Quillfeather', date_of_birth: '15/01/1980' },
  });
  expect(validated.status()).toBe(200);
  return id;
}

test('a supervisor clears one screening hit and confirms another, each with a note', async ({ page, request }) => {
  const cleared = await heldApplicant(request);
  const confirmed = await heldApplicant(request);
  await signedInToBackoffice(page, request, SUPERVISOR);

  await page.goto(`/backoffice/applications/${cleared}`);
  const panel = page.getByTestId('screening-panel');
  await expect(panel.getByRole('heading', { name: 'Screening and risk category' })).toBeVisible();
  const hit = panel.getByTestId('screening-hit');
  await expect(hit).toContainText('UN Security Council consolidated list');
  await expect(hit).toContainText('QDi.901');
  await expect(hit).toContainText('name and date of birth');
  await expect(hit).toContainText('Waits for a decision');
  // the category is assessed when a hit is resolved and before the approval, not at PAN validation
  await expect(panel).toContainText('The risk category is not assessed yet.');
  // a note is required
  await hit.getByRole('button', { name: 'Clear: not the listed person' }).click();
  await expect(hit.getByRole('alert')).toHaveText('Write a note of at least 3 characters.');
  await hit.getByLabel('Note (why: staff only)').fill('Different person: the father’s name and address differ');
  await hit.getByRole('button', { name: 'Clear: not the listed person' }).click();
  await expect(hit).toContainText('Cleared: not the listed person');
  await expect(hit).toContainText('the father’s name and address differ');
  await expect(panel).toContainText('Risk category: low');

  await page.goto(`/backoffice/applications/${confirmed}`);
  const other = page.getByTestId('screening-panel').getByTestId('screening-hit');
  await other.getByLabel('Note (why: staff only)').fill('Same person: passport copy matches the UN entry');
  await other.getByRole('button', { name: 'Confirm: the listed person' }).click();
  await expect(other).toContainText('Confirmed: the listed person');
  await expect(other.getByRole('button', { name: 'Clear: not the listed person' })).toHaveCount(0);
  await expect(page.getByTestId('screening-panel')).toContainText('Risk category: high (a screening hit)');
});

test('a supervisor records a client as deceased after a confirmation; the page shows the banner', async ({
  page,
  request,
}) => {
  const seeded = await request.post('/sandbox/fixtures/applicant', { data: { mobile: uniqueMobile(), stage: 220 } });
  const id = ((await seeded.json()) as { data: { applicant_id: string } }).data.applicant_id;
  await signedInToBackoffice(page, request, SUPERVISOR);
  await page.goto(`/backoffice/applications/${id}`);
  await expect(page.getByTestId('deceased-banner')).toHaveCount(0);

  await page.getByRole('button', { name: 'Record as deceased' }).click();
  const ask = page.getByRole('dialog', { name: 'Record the client as deceased?' });
  await expect(ask).toContainText('The registrations take no further step');
  // cancelled: nothing recorded
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByTestId('deceased-banner')).toHaveCount(0);

  await page.getByRole('button', { name: 'Record as deceased' }).click();
  await ask.getByLabel('How the demise was reported (staff only)').fill('Demise reported by the KRA, certificate seen');
  await ask.getByRole('button', { name: 'Record as deceased' }).click();
  const banner = page.getByTestId('deceased-banner');
  await expect(banner).toContainText('Recorded as deceased on');
  await expect(banner).toHaveAttribute('role', 'alert');
  await expect(page.getByRole('button', { name: 'Record as deceased' })).toHaveCount(0);
});
