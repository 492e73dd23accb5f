/**
 * The add-bank route as the applicant meets it (section 5 and 7): the IFSC is looked up and its
 * bank shown, the account numbers must match, and the penny drop's answer decides the next page,
 * failure included (it goes to the cancelled cheque page with the spec's message).
 */
import { MSG } from '@ekyc/contracts/messages';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { openRoute, reply, userDetails } from './support/app-at-route';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const IFSC = {
  BANK: 'State Bank of India',
  IFSC: 'SBIN0000001',
  BANKCODE: 'SBIN',
  BRANCH: 'Kolkata Main',
  ADDRESS: 'Samriddhi Bhawan, 1 Strand Road',
  CENTRE: 'Kolkata',
  CITY: 'Kolkata',
  DISTRICT: 'Kolkata',
  STATE: 'West Bengal',
  CONTACT: null,
  MICR: '700002021',
  SWIFT: null,
  ISO3166: 'IN-WB',
  IMPS: true,
  NEFT: true,
  RTGS: true,
  UPI: true,
};

const type = async (label: string, value: string) =>
  fireEvent.change(await screen.findByLabelText(label), { target: { value } });

async function openAddBank(verify: (body: unknown) => ReturnType<typeof reply>) {
  return openRoute('/bank-and-segment/add-bank', {
    'GET get-user-details': () => reply(userDetails(160)),
    'GET get-bank-config': () => reply({ upi_enabled: true, upi_collect: true }),
    'GET get-ifsc': ({ query }) => (query.get('ifsc') === IFSC.IFSC ? reply(IFSC) : reply({}, MSG.ifscInvalid, false)),
    'POST bank-verification': ({ body }) => verify(body),
  });
}

it('looks the IFSC up, refuses numbers that differ and sends the verified account on to the signature', async () => {
  const verify = vi.fn(() => reply({ screen: '/bank-and-segment/signature', stage: 170 }, MSG.bankVerified));
  const app = await openAddBank(verify);

  await type('IFSC', 'sbin0000001');
  expect(await screen.findByText(/Kolkata Main/)).toBeTruthy();
  await type('Account number', '123456789012');
  await type('Confirm account number', '123456789013');
  fireEvent.blur(screen.getByLabelText('Confirm account number'));
  expect(await screen.findByText(MSG.accountMismatch)).toBeTruthy();
  const continueButton = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
  expect(continueButton.disabled).toBe(true);

  await type('Confirm account number', '123456789012');
  fireEvent.click(screen.getByLabelText('Saving'));
  await waitFor(() => expect(continueButton.disabled).toBe(false));
  fireEvent.click(continueButton);

  await waitFor(() => expect(app.path()).toBe('/ekyc1/bank-and-segment/signature'));
  expect(verify).toHaveBeenCalledWith({ ifsc: 'SBIN0000001', account_number: '123456789012', account_type: 'Saving' });
});

it('on a failed penny drop shows the spec message and goes to the cancelled cheque page', async () => {
  const app = await openAddBank(() => reply({ screen: '/bank-and-segment/cancel-cheque' }, MSG.bankFailed, false));

  await type('IFSC', 'SBIN0000001');
  await screen.findByText(/Kolkata Main/);
  await type('Account number', '123456789012');
  await type('Confirm account number', '123456789012');
  fireEvent.click(screen.getByLabelText('Current'));
  const continueButton = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
  await waitFor(() => expect(continueButton.disabled).toBe(false));
  fireEvent.click(continueButton);

  expect(await screen.findByText(MSG.bankFailed)).toBeTruthy();
  await waitFor(() => expect(app.path()).toBe('/ekyc1/bank-and-segment/cancel-cheque'));
});

it('says an unknown IFSC is invalid and keeps Continue disabled', async () => {
  await openAddBank(() => reply({ screen: '/bank-and-segment/signature' }));
  await type('IFSC', 'ABCD0123456');
  expect(await screen.findByText(MSG.ifscInvalid)).toBeTruthy();
  expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true);
});
