/** Client profiling from /ekyc1/client-profiling through every sub-step to bank and segment. */
import { expect, type Page, test } from '@playwright/test';
import { seedApplicant, uniqueMobile, VERIFIED_IDENTITY } from '../support/journey';
import { look } from '../support/look';
import { ANY_SIZE } from '../support/sizes';

const card = (page: Page, name: string | RegExp) => page.getByRole('button', { name, exact: typeof name === 'string' });
const pressed = (page: Page, name: string | RegExp) => expect(card(page, name)).toHaveAttribute('aria-pressed', 'true');

test('every sub-step, one tap per list choice, to the bank and segment page', async ({ page, request }, info) => {
  const { token } = await seedApplicant(page, request, 150, VERIFIED_IDENTITY);
  await page.goto('/ekyc1/client-profiling');

  await expect(page).toHaveURL(/\/client-profiling\/occupation$/);
  await expect(page.getByRole('heading', { name: 'Your occupation' })).toBeVisible();
  // The stage's eight screens are counted beside the twelve steps, which stay on one step across them.
  const progress = page.getByRole('progressbar', { name: 'Application progress' });
  await expect(progress).toHaveAttribute('aria-valuetext', /screen 1 of 8 · steps \d+ \/ 12$/);
  await look(page, `profiling-occupation-${info.project.name}.png`, { fullPage: true });
  await card(page, 'Private Sector').click();

  // Born 15/08/1990: more than 20 years of experience is not possible yet (counted from 18).
  await expect(page).toHaveURL(/\/trading-experience$/);
  await expect(card(page, '>20 years')).toBeDisabled();
  await expect(card(page, '15-20 years')).toBeEnabled();
  await card(page, '1-5 years').click();

  await expect(page).toHaveURL(/\/annual-income$/);
  await expect(card(page, '10-25 lakhs')).toBeVisible();
  await card(page, '10-25 lakhs').click();

  // Gender comes from DigiLocker; changing it asks first.
  await expect(page).toHaveURL(/\/gender-and-marital$/);
  await pressed(page, /^Male/);
  await card(page, /^Female/).click();
  const dialog = page.getByRole('dialog', { name: 'Change your gender?' });
  await expect(dialog).toBeVisible();
  await look(page, `profiling-gender-confirm-${info.project.name}.png`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await pressed(page, /^Male/);
  await page.getByRole('group', { name: 'Marital status' }).getByRole('button', { name: 'Married' }).click();

  // Other needs the free text.
  await expect(page).toHaveURL(/\/education$/);
  await card(page, 'Other').click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Other education is required.')).toBeVisible();
  await page.getByLabel('Other education').fill('Diploma in Accounts');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Father's name from the Aadhaar care_of 'S/O Ramesh Sharma'.
  await expect(page).toHaveURL(/\/identification$/);
  await expect(page.getByLabel("Father's name")).toHaveValue('Ramesh Sharma');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText("Please enter your Mother's name.")).toBeVisible();
  await page.getByLabel("Mother's name").fill('Si');
  await page.getByLabel("Father's name").click();
  await expect(page.getByText('Use at least 3 characters')).toBeVisible();
  await page.getByLabel("Mother's name").fill('Sita   Devi');
  await look(page, `profiling-identification-${info.project.name}.png`, { fullPage: true });
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/plans$/);
  await expect(progress).toHaveAttribute('aria-valuetext', /screen 7 of 8 · steps \d+ \/ 12$/);
  await pressed(page, /^Premium/);
  await look(page, `profiling-plans-${info.project.name}.png`, { fullPage: true });
  await card(page, /^Discounted/).click();

  // All declarations on to continue.
  await expect(page).toHaveURL(/\/client-profiling\/declaration$/);
  const citizen = page.getByRole('switch', { name: /citizen of India/ });
  await expect(citizen).toBeChecked();
  await citizen.click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Switch this on to continue: the account needs this declaration.')).toBeVisible();
  await expect(page).toHaveURL(/\/declaration$/);
  await citizen.click();
  await page.getByLabel('Monthly').check();
  // FATCA/CRS: the place of birth is asked; a tax residency abroad needs its TIN or a reason
  await page.getByLabel('Place of birth (city or town)').fill('Jaipur');
  await page.getByRole('button', { name: 'Add a country of tax residence' }).click();
  await page.getByLabel('Country of tax residence').selectOption('US');
  await page.getByRole('switch', { name: /tax resident of India/ }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByText('Please enter the tax identification number, or the reason there is none.'),
  ).toBeVisible();
  await page.getByLabel('Tax identification number (TIN) there').fill('123-45-6789');
  await look(page, `profiling-declaration-${info.project.name}.png`, { fullPage: true });
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/ekyc1\/bank-and-segment$/);
  const details = await request.get('/api/v1/ekyc/get-user-details', { headers: { authorization: `Bearer ${token}` } });
  const personal = ((await details.json()) as { data: [{ personal_obj: Record<string, unknown> }] }).data[0]
    .personal_obj;
  expect(personal).toMatchObject({
    occupation__name: 'Private Sector',
    trading_experience__name: '1-5 years',
    annual_income__name: '10-25 lakhs',
    education__name: 'Diploma in Accounts',
    fatca: {
      place_of_birth: 'Jaipur',
      country_of_birth: 'IN',
      tax_residencies: [{ country: 'US', tin: '123-45-6789' }],
    },
    gender: 'M',
    marital_status: 'married',
    father_name: 'Ramesh Sharma',
    mother_name: 'Sita Devi',
    plan_selected: 'discounted',
    preference_selected: 'Monthly',
    indian_citizen: true,
  });
});

test('the lists come in the chosen language', async ({ page, request }, info) => {
  await page.addInitScript(() => localStorage.setItem('ekyc.lang', 'hi'));
  await seedApplicant(page, request, 150, VERIFIED_IDENTITY);
  await page.goto('/ekyc1/client-profiling/occupation');
  await expect(card(page, 'निजी क्षेत्र')).toBeVisible();
  await card(page, 'सेवानिवृत्त').click();
  await expect(page).toHaveURL(/\/trading-experience$/);
  await expect(card(page, '20 वर्ष से अधिक')).toBeDisabled();
  await look(page, `profiling-experience-hi-${info.project.name}.png`, { fullPage: true });
});

test(
  'an email another applicant gave too asks whose it is before profiling completes',
  ANY_SIZE,
  async ({ page, request }) => {
    const email = `family.${uniqueMobile()}@example.com`;
    await request.post('/sandbox/fixtures/applicant', { data: { mobile: uniqueMobile(), stage: 150, email } });
    const answers = {
      occupation: 'private_sector',
      trading_experience: '1_5',
      income: '10_25',
      gender: 'M',
      marital_status: 'married',
      education: 'graduate',
      mother_name: 'Sita Devi',
      father_name: 'Ramesh Sharma',
      plan_selected: 'discounted',
    };
    const { token } = await seedApplicant(page, request, 150, VERIFIED_IDENTITY, { email });
    // every earlier sub-step answered: the applicant is at the declaration
    await request.post('/api/v1/ekyc/save-profiling-draft', {
      headers: { authorization: `Bearer ${token}` },
      data: { step: 'declaration', values: answers },
    });
    await page.goto('/ekyc1/client-profiling/declaration');
    const family = page.getByRole('group', { name: 'Whose email address is this?' });
    await expect(family).toContainText('The exchanges allow one email for a family only');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(family.getByRole('alert')).toHaveText([
      'Choose whose email address this is.',
      'Enter the name of the family member.',
    ]);
    await expect(page).toHaveURL(/\/declaration$/);
    await look(page, 'profiling-family-declaration.png', { fullPage: true });

    await family.getByLabel("My spouse's").check();
    await family.getByLabel('Their name').fill('Meena Sharma');
    await page.getByLabel('Place of birth (city or town)').fill('Pune');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/bank-and-segment$/);
  },
);
