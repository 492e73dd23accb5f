import { MSG } from '@ekyc/contracts/messages';
import { expect, type Page, test } from '@playwright/test';
import { drawSignature, seedApplicant, VERIFIED_IDENTITY } from '../support/journey';
import { look } from '../support/look';

const BANK = { ifsc: 'HDFC0000001', account_number: '123456789012', account_type: 'Saving', bank_verify_edit: false };

/** A 1280x720 PNG made in the page: a signature-like stroke on white. */
async function signaturePng(page: Page): Promise<Buffer> {
  const b64 = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 1280;
    c.height = 720;
    const ctx = c.getContext('2d')!;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, 1280, 720);
    ctx.lineWidth = 12;
    ctx.beginPath();
    ctx.moveTo(100, 500);
    ctx.bezierCurveTo(400, 100, 800, 700, 1180, 200);
    ctx.stroke();
    return c.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(b64, 'base64');
}

test('drawn signature: an incomplete drawing asks to retry, a full one goes to nominee and is then read-only', async ({
  page,
  request,
}) => {
  await seedApplicant(page, request, 170, { ...VERIFIED_IDENTITY, bank_obj: BANK });
  await page.goto('/ekyc1/bank-and-segment/signature');
  const cont = page.getByRole('button', { name: 'Continue' });
  await expect(cont).toBeDisabled();

  await drawSignature(page, 8);
  await cont.click();
  const modal = page.getByRole('dialog', { name: MSG.signatureIncompleteTitle });
  await expect(modal).toBeVisible();
  await expect(modal.getByText(MSG.signatureIncompleteBody)).toBeVisible();
  await look(page, 'signature-incomplete.png');
  await modal.getByRole('button', { name: 'Retry' }).click();
  await expect(modal).toBeHidden();
  await expect(cont).toBeDisabled();

  await drawSignature(page, 80);
  await look(page, 'signature-drawn.png');
  await cont.click();
  await expect(page).toHaveURL(/\/bank-and-segment\/nominee$/);

  await page.goto('/ekyc1/bank-and-segment/signature');
  const stored = page.getByRole('img', { name: 'Your saved signature' });
  await expect(stored).toBeVisible();
  await expect.poll(() => stored.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole('img', { name: 'Signature drawing area' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/bank-and-segment\/nominee$/);
});

test('uploaded signature: refuses a file over 5 MB, then crops at 16/9 with zoom and a quarter turn', async ({
  page,
  request,
}) => {
  const { token } = await seedApplicant(page, request, 170, { ...VERIFIED_IDENTITY, bank_obj: BANK });
  await page.goto('/ekyc1/bank-and-segment/signature');
  await page.getByRole('tab', { name: 'Upload' }).click();
  const file = page.getByLabel('Upload signature image');

  await file.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5242881, 1) });
  await expect(page.getByText(MSG.signatureSize)).toBeVisible();
  await file.setInputFiles({ name: 'sign.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByText(MSG.chequeType)).toBeVisible();

  await file.setInputFiles({ name: 'sign.png', mimeType: 'image/png', buffer: await signaturePng(page) });
  await expect(page.getByText(MSG.chequeType)).toBeHidden();
  const zoom = page.getByLabel('Zoom');
  await expect(zoom).toHaveAttribute('step', '0.1');
  await zoom.focus();
  await page.keyboard.press('ArrowRight');
  await page.getByRole('button', { name: 'Rotate 90°' }).click();
  await expect(page.getByText('Zoom 1.1×, rotated 90°')).toBeVisible();
  await look(page, 'signature-crop.png');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/bank-and-segment\/nominee$/);

  const details = await request.get('/api/v1/ekyc/get-user-details', { headers: { authorization: `Bearer ${token}` } });
  const sig = ((await details.json()) as { data: [{ signature_obj: { upload_type: string; document: string } }] })
    .data[0].signature_obj;
  expect(sig.upload_type).toBe('manual');
  const png = await request.get(sig.document);
  expect(png.headers()['content-type']).toBe('image/png');
  const bytes = await png.body();
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  expect(width / height).toBeCloseTo(16 / 9, 1);
});

test('an applicant who cannot sign: a guardian signs, named with the relation; or a thumb impression is uploaded', async ({
  page,
  request,
}) => {
  const guardianApplicant = await seedApplicant(page, request, 170, { ...VERIFIED_IDENTITY, bank_obj: BANK });
  await page.goto('/ekyc1/bank-and-segment/signature');
  await page.getByRole('radio', { name: 'A guardian signs for me (I cannot sign)' }).check();
  await page.getByLabel("Guardian's name").fill('Ramesh Sharma');
  await drawSignature(page, 80);
  await page.getByRole('button', { name: 'Continue' }).click();
  // the relation is missing: said at the field, nothing sent
  await expect(page.getByText(MSG.signatureGuardianRelation)).toBeVisible();
  await expect(page).toHaveURL(/\/bank-and-segment\/signature$/);
  await page.getByLabel('How the guardian is related to you').selectOption('Father');
  await look(page, 'signature-guardian.png', { fullPage: true });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/bank-and-segment\/nominee$/);
  const signatureOf = async (token: string) =>
    (
      (await (
        await request.get('/api/v1/ekyc/get-user-details', { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { data: [{ signature_obj: Record<string, unknown> }] }
    ).data[0].signature_obj;
  expect(await signatureOf(guardianApplicant.token)).toMatchObject({
    guardian: { name: 'Ramesh Sharma', relation: 'Father' },
  });

  const thumbApplicant = await seedApplicant(page, request, 170, { ...VERIFIED_IDENTITY, bank_obj: BANK });
  await page.goto('/ekyc1/bank-and-segment/signature');
  await page.getByRole('radio', { name: 'I give my thumb impression (I cannot sign)' }).check();
  // a thumb impression is a photo of it: no drawing
  await expect(page.getByRole('tab', { name: 'Draw' })).toHaveCount(0);
  await page
    .getByLabel('Upload signature image')
    .setInputFiles({ name: 'thumb.png', mimeType: 'image/png', buffer: await signaturePng(page) });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/bank-and-segment\/nominee$/);
  expect(await signatureOf(thumbApplicant.token)).toMatchObject({ signature_mark: 'thumb_impression' });
});
