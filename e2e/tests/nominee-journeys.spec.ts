import { MSG } from '@ekyc/contracts/messages';
import { expect, type Page, test } from '@playwright/test';
import { outboxOtp, seedApplicant, VERIFIED_IDENTITY } from '../support/journey';
import { look } from '../support/look';

const BANK = { ifsc: 'HDFC0000001', account_number: '123456789012', account_type: 'Saving', bank_verify_edit: false };
const SIGNATURE = { document_type: 'png', upload_type: 'digital' };

/** yyyy-mm-dd for the date input, `years` ago. */
const isoYearsAgo = (years: number) => {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  return d.toISOString().slice(0, 10);
};

async function fillRequired(page: Page, first: string, relation: string, dob: string, share: string) {
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Relation').selectOption(relation);
  await page.getByLabel('Date of birth').fill(dob);
  await page.getByLabel('Share (%)').fill(share);
}

test('no nominee: the opt-out declaration confirmed by two OTPs (mobile and e-mail) goes to segment, and nominees can be added later', async ({
  page,
  request,
}) => {
  const { mobile } = await seedApplicant(page, request, 180, {
    ...VERIFIED_IDENTITY,
    bank_obj: BANK,
    signature_obj: SIGNATURE,
  });
  await page.goto('/ekyc1/bank-and-segment/nominee');
  await page.getByRole('button', { name: 'Continue without nominee' }).click();
  await expect(page.getByRole('heading', { name: 'Declaration for not appointing a nominee' })).toBeVisible();
  await expect(page.getByText('I/We hereby confirm that I/We do not wish to appoint any nominee(s)')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm with OTPs to my mobile and e-mail' }).click();
  await page.getByLabel('OTP sent to your mobile').fill(await outboxOtp(request, mobile));
  await page.getByLabel('OTP sent to your e-mail').fill(await outboxOtp(request, `fixture${mobile}@example.com`));
  await look(page, 'nominee-opt-out-otps.png');
  await page.getByRole('button', { name: 'Confirm opting out' }).click();
  await expect(page).toHaveURL(/\/bank-and-segment\/segment$/);
  // The toast of the reply.
  const toastMessage = page.getByRole('status').filter({ has: page.getByRole('button', { name: 'Close' }) });
  await expect(toastMessage).toContainText(MSG.nomineeSkipped);

  await page.goto('/ekyc1/bank-and-segment/nominee');
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: MSG.nomineeSkipped })).toBeVisible();
  await look(page, 'nominee-skipped.png');
  await page.getByRole('button', { name: 'Add nominee' }).click();
  await expect(page).toHaveURL(/\/nominee\/add-nominee$/);
  await expect(page.getByLabel('First name')).toBeVisible();
});

test('three nominees, one a minor with a guardian, shares 50/30/20', async ({ page, request }) => {
  const { token } = await seedApplicant(page, request, 180, {
    ...VERIFIED_IDENTITY,
    bank_obj: BANK,
    signature_obj: SIGNATURE,
  });
  await page.goto('/ekyc1/bank-and-segment/nominee');
  await page.getByRole('button', { name: 'Add nominee' }).click();
  await expect(page).toHaveURL(/\/nominee\/add-nominee$/);

  const slot2 = page.getByRole('button', { name: /^Nominee 2/ });
  const slot3 = page.getByRole('button', { name: /^Nominee 3/ });
  await expect(slot2).toBeDisabled();

  // Nominee 1: spouse, with a PAN and an image proof.
  await fillRequired(page, 'Sita', 'Spouse', '1988-04-12', '50');
  await page.getByLabel('Last name').fill('Sharma');
  await page.getByLabel('ID type').selectOption('pan');
  await page.getByLabel('ID number').fill('abcps1234k');
  await expect(page.getByLabel('ID number')).toHaveValue('ABCPS1234K');
  await page
    .getByLabel('Proof (front)')
    .setInputFiles({ name: 'pan-card.png', mimeType: 'image/png', buffer: await pngBytes(page) });
  await expect(page.getByText('Chosen: pan-card.png')).toBeVisible();
  await expect(slot2).toBeEnabled();
  await expect(slot3).toBeDisabled();

  // Nominee 2: a minor son living at the applicant's Aadhaar address.
  await slot2.click();
  await fillRequired(page, 'Arjun', 'Son', isoYearsAgo(9), '30');
  await expect(slot3).toBeDisabled();
  await page.getByLabel('Guardian name').fill('Sita Sharma');
  await page.getByLabel("Address same as the applicant's").check();
  await expect(page.getByLabel('Address line 1')).toHaveValue('12, MG Road');
  await expect(page.getByLabel('City')).toHaveValue('Bengaluru');
  await expect(page.getByLabel('Pincode')).toHaveValue('560038');
  await expect(slot3).toBeEnabled();

  // Nominee 3: the mother; 60 would pass 100, 20 completes it.
  await slot3.click();
  await fillRequired(page, 'Kamla', 'Mother', '1961-01-30', '60');
  await expect(page.getByText(MSG.shareOver100)).toBeVisible();
  await page.getByLabel('Share (%)').fill('20');
  await expect(page.getByText(MSG.shareOver100)).toBeHidden();
  await expect(page.getByText('Total share: 100%')).toBeVisible();

  await page.getByLabel('Nominee name', { exact: true }).check();
  await page.getByLabel('Nominee whose name is printed').selectOption('Sita Sharma');
  await look(page, 'nominee-three.png', { fullPage: true });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/bank-and-segment\/segment$/);

  const res = await request.get('/api/v1/ekyc/get-user-details', { headers: { authorization: `Bearer ${token}` } });
  const obj = ((await res.json()) as { data: [{ nominee_obj: Record<string, unknown> }] }).data[0].nominee_obj as {
    nominee_soa_name: string;
    nominee_list: {
      first_name: string;
      percentage_share: string;
      is_minor: boolean;
      gaurdian_name: string;
      proof_front?: string;
    }[];
  };
  expect(obj.nominee_soa_name).toBe('Sita Sharma');
  expect(obj.nominee_list.map((n) => [n.first_name, n.percentage_share, n.is_minor])).toEqual([
    ['Sita', '50', false],
    ['Arjun', '30', true],
    ['Kamla', '20', false],
  ]);
  expect(obj.nominee_list[1]!.gaurdian_name).toBe('Sita Sharma');
  expect(obj.nominee_list[0]!.proof_front).toMatch(/^\/api\/v1\/ekyc\/files\//);

  await page.goto('/ekyc1/bank-and-segment/nominee');
  await expect(page.getByText('minor, guardian Sita Sharma')).toBeVisible();
});

test('shows the section 5 nominee messages and stops a submit whose shares do not total 100', async ({
  page,
  request,
}) => {
  await seedApplicant(page, request, 180, { ...VERIFIED_IDENTITY, bank_obj: BANK, signature_obj: SIGNATURE });
  await page.goto('/ekyc1/bank-and-segment/nominee/add-nominee');
  const submit = page.getByRole('button', { name: 'Continue' });

  await fillRequired(page, 'Ravi', 'Brother', '2999-01-01', '50');
  await page.getByLabel('Email').fill('ravi@');
  await page.getByLabel('Mobile').fill('12345');
  await page.getByLabel('Pincode').fill('5600');
  await page.getByLabel('City').fill('Pune 2');
  await page.getByLabel('State').fill('Maha-rashtra');
  await page.getByLabel('ID type').selectOption('pan');
  await page.getByLabel('ID number').fill('ABCP1234K');
  await page
    .getByLabel('Proof (back)')
    .setInputFiles({ name: 'x.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByText(MSG.nomineeProofType)).toBeVisible();
  await submit.click();
  await expect(page.getByText(MSG.invalidDate)).toBeVisible();
  await expect(page.getByText(MSG.nomineeEmail)).toBeVisible();
  await expect(page.getByText(MSG.nomineeMobile)).toBeVisible();
  await expect(page.getByText(MSG.nomineePincode)).toBeVisible();
  await expect(page.getByText(MSG.lettersOnly)).toHaveCount(2);
  await expect(page.getByText(MSG.idNumberInvalid)).toBeVisible();

  await page.getByLabel('ID type').selectOption('aadhaar');
  await expect(page.getByText(MSG.aadhaarHint)).toBeVisible();
  await page.getByLabel('ID number').fill('12');
  await page.getByLabel('Date of birth').fill(isoYearsAgo(12));
  await page.getByLabel('Email').fill('ravi@example.com');
  await page.getByLabel('Mobile').fill('9876543210');
  await page.getByLabel('Pincode').fill('411001');
  await page.getByLabel('City').fill('Pune');
  await page.getByLabel('State').fill('Maharashtra');
  await submit.click();
  await expect(page.getByText(MSG.guardianRequired)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: MSG.aadhaarHint })).toBeVisible();
  await page.getByLabel('Guardian name').fill('Meena Sharma Verma Long');
  await submit.click();
  await expect(page.getByText(MSG.guardianMax)).toBeVisible();
  await page.getByLabel('Guardian name').fill('Meena Sharma');
  await page.getByLabel('ID number').fill('1234');

  await page.getByLabel('Nomination', { exact: true }).check();
  await submit.click();
  await expect(page.getByText(MSG.shareEquals100)).toBeVisible();
  await expect(page).toHaveURL(/\/add-nominee$/);
  await look(page, 'nominee-messages.png', { fullPage: true });

  await page.getByLabel('Share (%)').fill('100');
  await submit.click();
  await expect(page).toHaveURL(/\/bank-and-segment\/segment$/);
});

async function pngBytes(page: Page): Promise<Buffer> {
  const b64 = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 320;
    c.height = 200;
    const ctx = c.getContext('2d')!;
    ctx.fillStyle = '#e8eefc';
    ctx.fillRect(0, 0, 320, 200);
    ctx.fillStyle = '#123';
    ctx.fillText('INCOME TAX DEPARTMENT', 20, 40);
    return c.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(b64, 'base64');
}
