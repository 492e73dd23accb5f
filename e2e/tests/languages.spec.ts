/**
 * Every language end to end: a phone set to Hindi gets Hindi from its first visit (the server's
 * first paint included), and the OTP it asks for arrives in Hindi.
 */
import { expect, test } from '@playwright/test';
import { outboxOtp, uniqueMobile } from '../support/journey';
import { look } from '../support/look';

test.describe('a phone set to Hindi', () => {
  test.use({ locale: 'hi-IN' });

  test('gets Hindi on the first visit, and its OTP SMS in Hindi', async ({ page, request }) => {
    const response = await page.goto('/ekyc1/');
    // the page the server paints before any script runs is already in Hindi
    const html = (await response?.text()) ?? '';
    expect(html).toContain('<html lang="hi">');
    expect(html).toContain('मुफ़्त डीमैट खाता खोलें');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('मुफ़्त डीमैट खाता खोलें');
    await expect(page.getByRole('combobox')).toHaveValue('hi');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');

    const mobile = uniqueMobile();
    await page.getByLabel('मोबाइल नंबर').fill(mobile);
    await page.getByRole('button', { name: 'ओटीपी भेजें' }).click();
    await expect(page.getByLabel('ओटीपी दर्ज करें')).toBeVisible();
    const otp = await outboxOtp(request, mobile);
    const [sms] = (await (await request.get(`/sandbox/outbox?to=${mobile}`)).json()) as { text: string }[];
    expect(sms!.text).toBe(
      `${otp} डीमैट और ट्रेडिंग खाता खोलने के लिए आपका ओटीपी है। यह 5 मिनट तक मान्य है। इसे किसी के साथ साझा न करें।`,
    );
    await look(page, 'hindi-first-visit.png');

    // the choice made in the app wins over the phone's language from then on
    await page.getByRole('combobox').selectOption('en');
    await page.reload();
    await expect(page.getByLabel('Enter OTP')).toBeVisible();
  });
});
