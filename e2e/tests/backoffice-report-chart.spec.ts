/**
 * A report page with its chart, as a supervisor and as a reviewer: the applications each person
 * decided, drawn and written as a table for screen readers with the seeded decisions' figures,
 * downloaded as CSV; a reviewer sees their own figures only.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { signedInToBackoffice, staffToken, uniqueMobile, VERIFIED_IDENTITY, withOwnPan } from '../support/journey';

const STAGES = [110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210];
// names of this run alone: the figures of the report are those of the decisions below
const run = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const member = (name: string, role: string) => ({
  email: `${name.toLowerCase().replace(/ /g, '.')}.${run}@broker.example`,
  password: 'report-chart-pass-42',
  name: `${name} ${run}`,
  role,
});
const supervisor = member('Sara Supervisor', 'supervisor');
const asha = member('Asha Maker', 'reviewer');
const bala = member('Bala Maker', 'reviewer');
const chetan = member('Chetan Checker', 'checker');

async function seed(request: APIRequestContext) {
  const res = await request.post('/sandbox/fixtures/applicant', {
    data: { mobile: uniqueMobile(), stage: 220, sections: withOwnPan(VERIFIED_IDENTITY) },
  });
  return ((await res.json()) as { data: { applicant_id: string } }).data.applicant_id;
}

async function decide(request: APIRequestContext, token: string, id: string, decisions: object[]) {
  const headers = { authorization: `Bearer ${token}` };
  const res = await request.post(`/api/v1/backoffice/applications/${id}/decisions`, { headers, data: { decisions } });
  const body = (await res.json()) as { status: boolean };
  expect(body.status, JSON.stringify(body)).toBe(true);
  await request.post(`/api/v1/backoffice/applications/${id}/release`, { headers });
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const [ashaToken, balaToken, chetanToken] = [
    await staffToken(request, asha),
    await staffToken(request, bala),
    await staffToken(request, chetan),
  ];
  // Asha accepts every stage of two applications, Chetan confirms both; Bala sends one back
  for (const id of [await seed(request), await seed(request)]) {
    await decide(
      request,
      ashaToken,
      id,
      STAGES.map((stage) => ({ stage, activity: 'Accept' })),
    );
    const confirmed = await request.post(`/api/v1/backoffice/applications/${id}/confirm`, {
      headers: { authorization: `Bearer ${chetanToken}` },
    });
    expect(((await confirmed.json()) as { data: { status: string } }).data.status).toBe('Approved');
  }
  await decide(request, balaToken, await seed(request), [
    { stage: 170, activity: 'Reject', code: 'SIGNATURE_MISMATCH' },
  ]);
});

test("a supervisor sees the team's chart with its figures and downloads them as CSV", async ({ page, request }) => {
  await signedInToBackoffice(page, request, supervisor);
  await page.goto('/backoffice/');
  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByTestId('reports-scope')).toContainText("The whole team's figures");
  const perPerson = page.getByRole('figure', { name: 'Applications decided per person' });
  // the drawing, with a bar and a name per person
  await expect(perPerson.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(perPerson.getByRole('application')).toContainText(asha.name);
  // the same figures as a table: person, applications, stage decisions, sent back
  const figures = perPerson.getByRole('table', { name: 'Applications decided per person' });
  await expect(figures.getByRole('columnheader', { name: 'Applications', exact: true })).toBeAttached();
  await expect(figures.getByRole('row', { name: new RegExp(`^${asha.name} \\(maker\\) 2 22 0 `) })).toBeAttached();
  await expect(figures.getByRole('row', { name: new RegExp(`^${bala.name} \\(maker\\) 1 1 1 `) })).toBeAttached();
  await expect(figures.getByRole('row', { name: new RegExp(`^${chetan.name} \\(checker\\) 2 2 0 `) })).toBeAttached();

  const download = page.waitForEvent('download');
  await perPerson.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('applications-per-person.csv');
  const lines = (await readFile((await file.path())!, 'utf8')).split('\r\n');
  expect(lines[0]).toBe('person,applications,stage_decisions,sent_back,median_working_hours,breaches');
  expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${asha.name} \\(maker\\),2,22,0,`)));
  expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${bala.name} \\(maker\\),1,1,1,`)));
  expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${chetan.name} \\(checker\\),2,2,0,`)));
});

test('a reviewer sees only their own figures', async ({ page, request }) => {
  await signedInToBackoffice(page, request, bala);
  await page.goto('/backoffice/reports');
  await expect(page.getByTestId('reports-scope')).toContainText('Your own figures');
  const figures = page
    .getByRole('figure', { name: 'Applications decided per person' })
    .getByRole('table', { name: 'Applications decided per person' });
  await expect(figures.getByRole('row', { name: new RegExp(`^${bala.name} \\(maker\\) 1 1 1 `) })).toBeAttached();
  await expect(figures.getByRole('row')).toHaveCount(2);
  await expect(page.getByText(asha.name)).toHaveCount(0);
  await expect(page.getByText(chetan.name)).toHaveCount(0);
});
