/**
 * The back office's evidence and reports in the browser: a PDF the applicant uploaded opens inside
 * the review page, drawn by pdf.js (the file itself is served sandboxed, never shown by the
 * browser's own viewer); the signature given in the app beside the PAN card's and the signed
 * form's; the reports page draws its charts from a decided application.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { makeProofPdf } from '../../apps/api/test/support/segment-pdf';
import { signedInToBackoffice, staffToken, uniqueMobile, VERIFIED_IDENTITY, withOwnPan } from '../support/journey';

const lead = {
  email: 'lead.reports-e2e@broker.example',
  password: 'reports-e2e-pass-42',
  name: 'Lead Reports',
  role: 'admin',
};

const checker = {
  email: 'rita.reports-e2e@broker.example',
  password: 'reports-e2e-pass-42',
  name: 'Rita Checker',
  role: 'checker',
};

async function seed(request: APIRequestContext, stage: number) {
  const mobile = uniqueMobile();
  const res = await request.post('/sandbox/fixtures/applicant', {
    data: { mobile, stage, sections: withOwnPan(VERIFIED_IDENTITY) },
  });
  const { token, applicant_id: id } = ((await res.json()) as { data: { token: string; applicant_id: string } }).data;
  return { mobile, token, id };
}

test('a PDF proof opens inside the review page, drawn page by page', async ({ page, request }) => {
  const applicant = await seed(request, 190);
  const pdf = Buffer.from(await makeProofPdf('Income tax return')).toString('base64');
  const upload = await request.post('/api/v1/ekyc/update-segment', {
    headers: { authorization: `Bearer ${applicant.token}` },
    data: {
      segments: ['equity_1', 'equity_derivatives_1'],
      upload_prccess_by: 'manual',
      risk_disclosure: { version: 'fo-2023-07', language: 'en', acknowledged_at: new Date().toISOString() },
      financial_proof_option: 'itr',
      document: pdf,
      document_type: 'pdf',
    },
  });
  expect(((await upload.json()) as { status: boolean }).status).toBe(true);

  await signedInToBackoffice(page, request, lead);
  await page.goto(`/backoffice/applications/${applicant.id}`);
  const documents = page.locator('section[aria-labelledby="documents-heading"]');
  await documents
    .getByRole('button', { name: /^View / })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('pdf-document')).toHaveAttribute('data-pages', '1');
  const firstPage = dialog.getByRole('img', { name: /page 1 of 1$/ });
  await expect(firstPage).toHaveAttribute('data-drawn', 'true');
  // no frame of the browser's own viewer: the page is a canvas of this page
  await expect(dialog.locator('iframe')).toHaveCount(0);
  const width = (await firstPage.boundingBox())!.width;
  await dialog.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(async () => (await firstPage.boundingBox())!.width).toBeGreaterThan(width);
});

test("the applicant's signature is shown beside the PAN card's and the signed form's", async ({ page, request }) => {
  const applicant = await seed(request, 170);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120"><path d="M10 100 C 80 10, 160 10, 390 90" stroke="#000" stroke-width="4" fill="none"/></svg>`;
  const png = (await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64');
  const signed = await request.post('/api/v1/ekyc/upload-signature', {
    headers: { authorization: `Bearer ${applicant.token}` },
    data: { signature_image: `data:image/png;base64,${png}`, document_type: 'png', upload_type: 'digital' },
  });
  expect(((await signed.json()) as { status: boolean }).status).toBe(true);

  await signedInToBackoffice(page, request, lead);
  await page.goto(`/backoffice/applications/${applicant.id}`);
  const compare = page.getByRole('region', { name: 'Signatures side by side' });
  await expect(compare.getByRole('img', { name: 'Signature given in the app' })).toBeVisible();
  await expect
    .poll(() =>
      compare
        .getByRole('img', { name: 'Signature given in the app' })
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
  await expect(compare.getByText('No PAN card picture: the PAN was verified online.')).toBeVisible();
  await expect(compare.getByText('The form is not signed yet.')).toBeVisible();
});

test('the reports page draws who decided what, with first-time-right', async ({ page, request }) => {
  const applicant = await seed(request, 220);
  const token = await staffToken(request, lead);
  const headers = { authorization: `Bearer ${token}` };
  // four eyes: the administrator accepts every stage (maker), a checker confirms
  const stages = [110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210];
  const decided = await request.post(`/api/v1/backoffice/applications/${applicant.id}/decisions`, {
    headers,
    data: { decisions: stages.map((stage) => ({ stage, activity: 'Accept' })) },
  });
  expect(((await decided.json()) as { status: boolean }).status).toBe(true);
  await request.post(`/api/v1/backoffice/applications/${applicant.id}/release`, { headers });
  const checkerToken = await staffToken(request, checker);
  const confirmed = await request.post(`/api/v1/backoffice/applications/${applicant.id}/confirm`, {
    headers: { authorization: `Bearer ${checkerToken}` },
  });
  expect(((await confirmed.json()) as { data: { status: string } }).data.status).toBe('Approved');

  await signedInToBackoffice(page, request, lead);
  await page.goto('/backoffice/');
  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { name: 'Review reports' })).toBeVisible();
  await expect(page.getByTestId('reports-scope')).toContainText("The whole team's figures");
  const perPerson = page.getByRole('figure', { name: 'Applications decided per person' });
  await expect(perPerson.getByRole('application')).toBeVisible();
  await expect(perPerson.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(perPerson.getByRole('application').getByText('Lead Reports (maker)')).toBeVisible();
  await expect(page.getByTestId('first-time-right')).toHaveText(/^\d+(\.\d)?%$/);
  const pairs = page.getByRole('region', { name: 'Maker and checker pairs' });
  await expect(pairs.getByRole('row', { name: /Lead Reports Rita Checker \d+/ }).first()).toBeVisible();
  const csv = page.waitForEvent('download');
  await perPerson.getByRole('button', { name: 'Export CSV' }).click();
  expect((await csv).suggestedFilename()).toBe('applications-per-person.csv');
});
