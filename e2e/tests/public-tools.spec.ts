import { expect, type Page, test } from '@playwright/test';

/** A calculator on the charges page, by its title. */
const card = (page: Page, name: string) => page.locator('#calculators').getByRole('region', { name, exact: true });

test('charge calculators apply each whichever-is-higher rule on both sides', async ({ page }) => {
  await page.goto('/charges');
  await expect(page.locator('[data-charge="debitTransaction"]')).toContainText(
    '0.01% of the value or ₹25, whichever is higher',
  );
  const depository = card(page, 'Depository charges');
  const value = depository.getByLabel('Value of the transaction');
  await value.fill('100000');
  await expect(depository.getByTestId('calc-total')).toHaveText('₹25');
  await expect(depository).toContainText('The minimum is higher, so it applies.');
  await value.fill('1000000');
  await expect(depository.getByTestId('calc-total')).toHaveText('₹100');
  await expect(depository).toContainText('The percentage is higher, so it applies.');

  await depository.getByLabel('Charge').selectOption('offMarket');
  await value.fill('50000');
  await expect(depository.getByTestId('calc-total')).toHaveText('₹25');
  await value.fill('100000');
  await expect(depository.getByTestId('calc-total')).toHaveText('₹30');

  await depository.getByLabel('Charge').selectOption('remat');
  await depository.getByLabel('Number of securities').fill('1000');
  await depository.getByLabel('Number of certificates').fill('2');
  await expect(depository.getByTestId('calc-total')).toHaveText('₹200');
  await depository.getByLabel('Number of securities').fill('200');
  await depository.getByLabel('Number of certificates').fill('5');
  await expect(depository.getByTestId('calc-total')).toHaveText('₹100');

  const amc = card(page, 'AMC over the years');
  await amc.getByLabel('Number of years').fill('5');
  await expect(amc.locator('[data-plan="lifetime"]')).toContainText('₹1,178.82');
  await expect(amc.locator('[data-plan="fiveYear"]')).toContainText('₹588.82');
  await expect(amc.locator('[data-plan="discounted"]')).toContainText('₹1,132.8');

  const bsda = card(page, 'BSDA charge');
  await bsda.getByLabel('Value of your holdings').fill('150000');
  await expect(bsda.getByTestId('calc-total')).toHaveText('₹500');
  await bsda.getByLabel('Value of your holdings').fill('50000');
  await expect(bsda.getByTestId('calc-total')).toHaveText('₹0');

  const brokerage = card(page, 'Brokerage calculator');
  await brokerage.getByLabel('Number of executed orders').fill('3');
  await expect(brokerage.getByTestId('calc-total')).toHaveText('₹60');
  await brokerage.getByLabel('Segment').selectOption('delivery');
  await expect(brokerage.getByTestId('calc-total')).toHaveText('₹0');
  await brokerage.getByLabel('Order value').fill('100000');
  await expect(brokerage).toContainText('₹20,000');
});

test('the FAQ opens at the screen an onboarding page asks for', async ({ page }) => {
  await page.goto('/faq?screen=nominee');
  const heading = page.getByRole('heading', { name: 'Nominee', level: 2 });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  const section = page.locator('#faq-nominee');
  await expect(section.getByText('Up to three. Their shares must add up to 100%.')).toBeVisible();
  // Other screens stay folded.
  await expect(page.locator('#faq-sign-up').getByText('Exchanges require an email on every account.')).toBeHidden();
});

test('a guest sees delayed watchlist quotes without signing in', async ({ page }) => {
  await page.goto('/watchlist');
  await expect(page.getByTestId('delay-notice')).toContainText('Prices are delayed by 15 minutes.');
  await expect(page.getByTestId('delay-notice')).toContainText(/As of .+ IST/);
  const row = page.locator('tr[data-symbol="NSE:RELIANCE"]');
  await expect(row).toContainText('Reliance Industries');
  await expect(row).toContainText(/₹[\d,]+\.\d{2}/);
  expect(await page.evaluate(() => localStorage.getItem('ekyc.session'))).toBeNull();
});

test('the landing page opens the account flow and shows a QR code to continue on a phone', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  await expect(page.locator('img[data-qr-value]')).toHaveAttribute('data-qr-value', /\/ekyc1\/$/);
  for (const link of ['Charges', 'FAQs', 'Watchlist']) {
    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: link }).click();
    await expect(page.locator('main h1')).toBeVisible();
  }
  // The public pages never download onboarding code.
  const onboarding = scripts.filter((s) =>
    /(sign-up|verify-|email-page|pan-|digilocker|return-url|profiling|declaration|bank-|upi-page|add-bank|cancel-cheque|signature-page|nominee|segment-page|selfie|esign|status-page)/.test(
      s,
    ),
  );
  expect(onboarding).toEqual([]);
  await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Charges' }).click();
  await page.goto('/');
  await page.getByRole('link', { name: 'Open account' }).first().click();
  await expect(page).toHaveURL(/\/ekyc1\/$/);
});
