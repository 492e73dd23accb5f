/**
 * The reviewer's evidence in the browser: an application whose bank name matched (100) while its
 * selfie did not match the Aadhaar photo (0.36). The queue flags the failed face match in red; the
 * review page shows the selfie's own score, threshold and failed verdict with its reason, in red,
 * and the bank name match as a separate check.
 */
import { expect, test } from '@playwright/test';
import { seedApplicant, VERIFIED_IDENTITY } from '../support/journey';
import { look } from '../support/look';

const REVIEWER = { email: 'evidence.e2e@broker.example', password: 'evidence-e2e-pass-71', name: 'Esha Evidence' };
const PHOTO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAYElEQVRYhe3WUQ3AAAxCwclGCZqQNRNLuo9LKqAh8OBZ86t7zj+Yh0Kh8tCkLOf4GTCGQuWhSVnOITQDLRQqD03KgkMBxqqOKdeYH72fZjPQQqHy0KQsOBRgrOrYp1F4AaVThvFShdhaAAAAAElFTkSuQmCC';

const SECTIONS = {
  ...VERIFIED_IDENTITY,
  pan_obj: { ...VERIFIED_IDENTITY.pan_obj, full_name: 'ANITA DESAI', name_on_card: 'ANITA DESAI' },
  digilocker_obj: { ...VERIFIED_IDENTITY.digilocker_obj, aadhaar_photo: PHOTO },
  bank_obj: {
    ifsc: 'HDFC0000001',
    bank_name: 'HDFC Bank',
    account_number: '50100123456780',
    account_type: 'Saving',
    bank_verify_edit: false,
    name_match: { result: 'exact', score: 100, reason: 'identical', bank_name_on_account: 'ANITA DESAI' },
    verification: { method: 'penny_drop', status: 'verified', at: '2026-01-05T10:00:00.000Z' },
  },
  livness_obj: {
    image: PHOTO,
    status: 'needs_review',
    module_outcome: 'auto_approved',
    face_match: false,
    face_match_score: 0.36,
    face_match_threshold: 0.5,
    live: true,
    live_confidence: 0.97,
    review_reasons: ['face_mismatch'],
    message: 'Workflow needs manual review',
  },
  // as the record shows it: a link to the form (a file of its own in a real application)
  esign_obj: { generated_doc: 'account-opening-form.pdf' },
};

test("the review page shows the selfie's face-match value and failed verdict; the queue flags it in red", async ({
  page,
  request,
}) => {
  const { mobile } = await seedApplicant(page, request, 220, SECTIONS);
  await request.post('/sandbox/fixtures/staff', { data: { ...REVIEWER, role: 'reviewer' } });
  await page.goto('/backoffice/login');
  await page.getByLabel('Email').fill(REVIEWER.email);
  await page.getByLabel('Password').fill(REVIEWER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Review queue' })).toBeVisible();

  await page.goto(`/backoffice/?status=all&q=${mobile}`);
  const row = page.getByRole('row', { name: /ANITA DESAI/ });
  await expect(row).toHaveCount(1);
  const alert = row.getByText('Face match failed');
  await expect(alert).toBeVisible();
  await expect(alert).toHaveClass(/text-danger/);
  await expect(row).not.toContainText('Liveness failed');
  await look(page, `backoffice-evidence-queue-${test.info().project.name}.png`, { fullPage: true });

  await row.getByRole('link', { name: 'ANITA DESAI' }).click();
  await expect(page.getByRole('heading', { name: 'ANITA DESAI' })).toBeVisible();
  const face = page.getByRole('row', { name: /^Face match \(selfie and Aadhaar photo\)/ });
  await expect(face.getByRole('cell').nth(0)).toHaveText('Face match provider (DigiLocker Aadhaar photo)');
  await expect(face.getByRole('cell').nth(1)).toHaveText('0.36');
  await expect(face.getByRole('cell').nth(2)).toHaveText('0.5');
  await expect(face.getByRole('cell').nth(3)).toContainText('Failed');
  await expect(face.getByRole('cell').nth(3)).toContainText('The selfie does not match the Aadhaar photo');
  await expect(face).toHaveClass(/text-danger/);

  // the bank's name match is its own check, with its own source and score
  const bank = page.getByRole('row', { name: /^Bank account holder name/ });
  await expect(bank.getByRole('cell').nth(0)).toHaveText('Penny drop');
  await expect(bank.getByRole('cell').nth(1)).toHaveText('100');
  await expect(bank.getByRole('cell').nth(3)).toContainText('Passed');
  await expect(bank).not.toHaveClass(/text-danger/);
  await expect(page.getByRole('row', { name: /^Liveness of the selfie/ })).toContainText('Passed');
  await look(page, `backoffice-evidence-review-${test.info().project.name}.png`, { fullPage: true });
});
