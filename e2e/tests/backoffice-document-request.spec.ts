/**
 * A document request answered by the applicant: a reviewer asks for a banker's letter on the
 * review page; the applicant, on a phone, sees the request with the note on the status page and
 * uploads a PDF on its page, the application staying in review; the reviewer sees it answered,
 * opens it and accepts it.
 */
import { devices, expect, test } from '@playwright/test';
import { makeProofPdf } from '../../apps/api/test/support/segment-pdf';
import { seedApplicant, signedInToBackoffice, staffToken } from '../support/journey';

const REVIEWER = {
  email: 'docs.request@broker.example',
  password: 'document-request-pass-7',
  name: 'Dev Documents',
  role: 'reviewer',
};

test('the applicant answers a request for a banker’s letter on a phone and the reviewer accepts it', async ({
  browser,
  request,
}) => {
  const phone = await browser.newContext({ ...devices['Pixel 7'], deviceScaleFactor: 1, serviceWorkers: 'block' });
  const applicant = await phone.newPage();
  const { mobile } = await seedApplicant(applicant, request, 220, {});
  const token = await staffToken(request, REVIEWER);
  const found = await request.get(`/api/v1/backoffice/applications?q=${mobile}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const id = ((await found.json()) as { data: { items: { id: string }[] } }).data.items[0]!.id;

  // the reviewer asks for a banker's letter with a note the applicant reads
  const note = `A letter from your bank naming you as the account holder (${Date.now()})`;
  const reviewer = await (await browser.newContext()).newPage();
  await signedInToBackoffice(reviewer, request, REVIEWER);
  await reviewer.goto(`/backoffice/applications/${id}`);
  const panel = reviewer.getByTestId('document-requests-panel');
  await panel.getByLabel('Document').selectOption({ label: "Banker's letter" });
  await panel.getByLabel('Note to the applicant (they read it)').fill(note);
  await panel.getByRole('button', { name: 'Ask for the document' }).click();
  const asked = panel.getByTestId('document-request').filter({ hasText: note });
  await expect(asked.getByTestId('document-request-state')).toHaveText('Requested');
  await expect(panel).toContainText('1 request is open');

  // the applicant, on a phone, reads the request on the status page and uploads a PDF
  await applicant.goto('/ekyc1/status');
  const requests = applicant.getByTestId('document-requests');
  await expect(requests.getByRole('heading', { name: 'The reviewer asks for one more document' })).toBeVisible();
  await expect(requests).toContainText('A letter from your bank');
  await expect(requests).toContainText(note);
  await requests.getByRole('button', { name: 'Upload the document' }).click();
  await expect(applicant).toHaveURL(/\/ekyc1\/status\/document\?id=/);
  await expect(applicant.getByTestId('document-request-note')).toContainText(note);
  await applicant.getByLabel('The document (image or PDF)').setInputFiles({
    name: 'bankers-letter.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(await makeProofPdf("Banker's letter")),
  });
  await applicant.getByRole('button', { name: 'Send to the reviewer' }).click();
  await expect(applicant).toHaveURL(/\/ekyc1\/status$/);
  await expect(applicant.getByText('Sent: the reviewer is looking at it.')).toBeVisible();
  // still in review: nothing was sent back
  await expect(applicant.getByText('Verification pending')).toBeVisible();

  // the reviewer sees it answered, opens the PDF and accepts it
  await reviewer.reload();
  const answered = reviewer.getByTestId('document-request').filter({ hasText: note });
  await expect(answered.getByTestId('document-request-state')).toHaveText('Answered');
  await answered.getByRole('button', { name: 'View the document' }).click();
  const viewer = reviewer.getByRole('dialog', { name: "Banker's letter" });
  await expect(viewer).toBeVisible();
  await viewer.getByRole('button', { name: 'Close' }).click();
  await answered.getByRole('button', { name: 'Accept' }).click();
  await expect(answered.getByTestId('document-request-state')).toHaveText('Accepted');
  await expect(reviewer.getByTestId('document-requests-panel')).not.toContainText('request is open');
});
