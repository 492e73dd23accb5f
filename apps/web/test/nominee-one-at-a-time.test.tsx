/**
 * The add-nominee form shows one nominee at a time: switching keeps what was typed and moves the
 * focus to the nominee shown; the running total is read with the share field and the shares'
 * error is at that field; a submit with an error on another nominee goes to it; the mandatory
 * fields follow the application's rule set (section 5, docs/regulation.md).
 */
import type { NomineeConfig, StoredNominee } from '@ekyc/contracts/calls/update-nominee';
import { MSG } from '@ekyc/contracts/messages';
import type { UserDetailsRecord } from '@ekyc/contracts/user-details';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { i18n } from '../src/i18n/translator';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import common from '../src/i18n/locales/en/common.json';
import nominee from '../src/i18n/locales/en/nominee.json';
import { NomineeStepsForm } from '../src/features/nominee/components/nominee-steps-form';

beforeAll(async () => {
  i18n.init({ lng: 'en', resources: { en: { common, nominee } } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const stored = (n: Partial<StoredNominee>): StoredNominee => ({
  first_name: '',
  last_name: '',
  email: '',
  mobile: '',
  dob: '',
  address: '',
  address2: '',
  pincode: '',
  city: '',
  state: '',
  country: 'India',
  nominee_relation: '',
  percentage_share: '',
  proof_type: '',
  identity_doc_type: '',
  proof_number: '',
  gaurdian_name: '',
  same_address_flag: false,
  is_minor: false,
  ...n,
});
const SITA = stored({ first_name: 'Sita', nominee_relation: 'Spouse', dob: '12/04/1988', percentage_share: '60' });
const ARJUN = stored({ first_name: 'Arjun', nominee_relation: 'Son', dob: '01/01/1990', percentage_share: '30' });

/** The form with the nominees stored before, and the calls it makes. */
function renderForm(nominees: StoredNominee[], config: NomineeConfig = { max_nominees: 3 }) {
  const fetch = vi.fn(
    async () =>
      new Response(JSON.stringify({ status: true, message: 'Saved', data: { screen: '/bank-and-segment/segment' } })),
  );
  vi.stubGlobal('fetch', fetch);
  const details = {
    nominee_obj: { is_object: nominees.length > 0, nominee_list: nominees, nominee_soa: 'nomination' },
    digilocker_obj: {},
  } as unknown as UserDetailsRecord[0];
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <NomineeStepsForm config={config} details={details} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

/** What a screen reader reads after a field's name: its error, hint and what is beside it. */
const description = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

const heading = () => screen.getByRole('heading', { level: 2 });
const input = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;

it('shows one nominee at a time, keeps what was typed when switching, and focuses the nominee shown', async () => {
  renderForm([SITA, ARJUN]);
  expect(heading().textContent).toBe('Nominee 1 of 2Sita');
  expect(screen.getAllByLabelText('First name')).toHaveLength(1);
  expect(input('First name').value).toBe('Sita');
  const tab1 = screen.getByRole('button', { name: 'Nominee 1 of 2, Sita, complete' });
  expect(tab1.getAttribute('aria-current')).toBe('true');

  fireEvent.change(input('Last name (optional)'), { target: { value: 'Sharma' } });
  fireEvent.click(screen.getByRole('button', { name: /Next nominee/ }));
  await waitFor(() => expect(document.activeElement).toBe(heading()));
  expect(heading().textContent).toBe('Nominee 2 of 2Arjun');
  expect(input('First name').value).toBe('Arjun');
  expect(tab1.getAttribute('aria-current')).toBeNull();

  fireEvent.click(screen.getByRole('button', { name: 'Nominee 1 of 2, Sita Sharma, complete' }));
  await waitFor(() => expect(document.activeElement).toBe(heading()));
  expect(input('Last name (optional)').value).toBe('Sharma');
});

it('reads the running total with the share field and shows the shares’ error at that field', async () => {
  const fetch = renderForm([SITA, ARJUN]);
  expect(description(input('Share (%)'))).toContain('Total 90% of 100%');

  fireEvent.click(screen.getByRole('button', { name: /Next nominee/ }));
  fireEvent.change(input('Share (%)'), { target: { value: '50' } });
  expect(description(input('Share (%)'))).toContain(MSG.shareOver100);
  expect(description(input('Share (%)'))).toContain('Total 110% of 100%');

  fireEvent.change(input('Share (%)'), { target: { value: '20' } });
  expect(description(input('Share (%)'))).not.toContain(MSG.shareOver100);
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(document.activeElement).toBe(input('Share (%)')));
  expect(description(input('Share (%)'))).toContain(MSG.shareEquals100);
  expect(fetch).not.toHaveBeenCalled();
  // the error is about the shares it was given: changing one clears it
  fireEvent.change(input('Share (%)'), { target: { value: '40' } });
  expect(description(input('Share (%)'))).not.toContain(MSG.shareEquals100);
});

it('on submit, shows the first nominee with an error, its folded part open and the field focused', async () => {
  const fetch = renderForm([{ ...SITA, email: 'sita@', percentage_share: '70' }, ARJUN]);
  const contact = screen.getByRole('button', { name: /Contact and address/ });
  expect(contact.getAttribute('aria-expanded')).toBe('false');
  expect(screen.queryByLabelText('Email (optional)')).toBeNull();

  fireEvent.click(screen.getByRole('button', { name: /Next nominee/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(document.activeElement).toBe(input('Email (optional)')));
  expect(heading().textContent).toBe('Nominee 1 of 2Sita');
  expect(screen.getByRole('button', { name: /Contact and address/ }).getAttribute('aria-expanded')).toBe('true');
  expect(description(input('Email (optional)'))).toContain(MSG.nomineeEmail);
  expect(screen.getByRole('button', { name: /Nominee 1 of 2, Sita, Please check this nominee/ })).toBeTruthy();
  expect(fetch).not.toHaveBeenCalled();

  // folded away, the part still says it needs checking
  fireEvent.click(screen.getByRole('button', { name: /Contact and address/ }));
  expect(screen.getByRole('button', { name: /Contact and address.*Please check/ })).toBeTruthy();
});

it('adds a nominee once the last one is complete, focusing its first field, and removes one', async () => {
  renderForm([]);
  expect(heading().textContent).toBe('Nominee 1 of 1');
  const add = screen.getByRole('button', { name: /Add another nominee/ });
  expect((add as HTMLButtonElement).disabled).toBe(true);
  expect(screen.getByText('Complete nominee 1 to add another.')).toBeTruthy();

  fireEvent.change(input('First name'), { target: { value: 'Sita' } });
  fireEvent.change(input('Relation'), { target: { value: 'Spouse' } });
  fireEvent.change(input('Date of birth'), { target: { value: '1988-04-12' } });
  fireEvent.change(input('Share (%)'), { target: { value: '50' } });
  expect((add as HTMLButtonElement).disabled).toBe(false);
  fireEvent.click(add);
  await waitFor(() => expect(document.activeElement).toBe(input('First name')));
  expect(heading().textContent).toBe('Nominee 2 of 2');
  expect(input('First name').value).toBe('');
  // adding one does not judge the fields the applicant has not reached yet
  fireEvent.change(input('First name'), { target: { value: 'Arjun' } });
  fireEvent.change(input('Relation'), { target: { value: 'Son' } });
  await waitFor(() => expect(screen.getByRole('button', { name: 'Nominee 2 of 2, Arjun' })).toBeTruthy());
  expect(screen.queryAllByRole('alert')).toHaveLength(0);

  fireEvent.click(screen.getByRole('button', { name: 'Remove nominee 2' }));
  await waitFor(() => expect(heading().textContent).toBe('Nominee 1 of 1Sita'));
  expect(input('Share (%)').value).toBe('50');
});

it('under a rule set asking only name and relationship, sends blank shares for equal shares', async () => {
  const fetch = renderForm([], { max_nominees: 3, mandatory: ['name', 'relationship'] });
  expect(description(input('Share (%) (optional)'))).toContain('Leave every share blank to split equally.');
  fireEvent.change(input('First name'), { target: { value: 'Sita' } });
  fireEvent.change(input('Relation'), { target: { value: 'Spouse' } });
  fireEvent.click(screen.getByLabelText('Nomination'));
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(fetch).toHaveBeenCalled());
  const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
  expect(url).toMatch(/update-nominee$/);
  const body = JSON.parse(String(init.body)) as { updatedNomineeList: Record<string, Record<string, string>> };
  expect(Object.keys(body.updatedNomineeList)).toEqual(['nominee_1']);
  expect(body.updatedNomineeList.nominee_1).toMatchObject({ first_name: 'Sita', dob: '', percentage_share: '' });
});
