/**
 * The back office's reasons page (administrators): the coded reasons in their current version with
 * the stage each sends back to and the text in the five languages; an edit sends a new version to
 * PUT /reasons/:code; a text too short is refused in plain words without calling the server.
 */
import type { Reason } from '@ekyc/contracts/calls/backoffice-reasons';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { i18n } from '../src/i18n/translator';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import reasonsEn from '../src/i18n/locales/en/backoffice-reasons.json';
import backoffice from '../src/i18n/locales/en/backoffice.json';
import { meKey } from '../src/features/backoffice/api/get-me';
import ReasonsPage from '../src/features/backoffice/pages/reasons-page';

beforeAll(async () => {
  i18n.init({
    lng: 'en',
    resources: { en: { backoffice, 'backoffice-reasons': reasonsEn } },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const reason: Reason = {
  code: 'SIGNATURE_MISMATCH',
  version: 2,
  purpose: 'send_back',
  stage: 170,
  kind: 'reject',
  texts: {
    en: 'Your signature does not match the one on your PAN card',
    hi: 'आपके हस्ताक्षर पैन कार्ड से मेल नहीं खाते',
    be: 'আপনার স্বাক্ষর প্যান কার্ডের সঙ্গে মেলে না',
    gu: 'તમારી સહી પાન કાર્ડ સાથે મેળ ખાતી નથી',
    mar: 'तुमची स्वाक्षरी पॅन कार्डशी जुळत नाही',
  },
  active: true,
  changed_at: '2026-12-01T09:30:00.000Z',
};

function renderPage(role: 'admin' | 'reviewer', fetch: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient();
  client.setQueryData(meKey, { id: 's1', email: 'a@broker.example', name: 'Asha', role });
  render(
    <QueryClientProvider client={client}>
      <ReasonsPage />
    </QueryClientProvider>,
  );
}

it('lists each reason with its stage and five texts, and saves an edit as a new version', async () => {
  const fetch = vi.fn(async (url: string, init?: RequestInit) =>
    Response.json({
      status: true,
      message: 'ok',
      data:
        init?.method === 'PUT'
          ? { reason: { ...reason, ...(JSON.parse(String(init.body)) as object), version: 3 } }
          : { reasons: [reason] },
    }),
  );
  renderPage('admin', fetch);
  const row = await screen.findByTestId('reason');
  expect(within(row).getByText('Sends back to Signature')).toBeTruthy();
  expect(within(row).getByText(reason.texts.gu)).toBeTruthy();

  fireEvent.click(within(row).getByRole('button', { name: 'Edit SIGNATURE_MISMATCH' }));
  expect((screen.getByLabelText('Code') as HTMLInputElement).disabled).toBe(true);
  fireEvent.change(screen.getByLabelText('Stage the applicant goes back to'), { target: { value: '200' } });
  fireEvent.change(screen.getByLabelText('Text in English'), { target: { value: 'Sign again, as on your PAN card' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));

  await vi.waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
  const [url, init] = fetch.mock.calls.find(([, i]) => i?.method === 'PUT')!;
  expect(String(url)).toMatch(/\/api\/v1\/backoffice\/reasons\/SIGNATURE_MISMATCH$/);
  const body = JSON.parse(String(init?.body)) as { stage: number; texts: Record<string, string>; purpose: string };
  expect(body.stage).toBe(200);
  expect(body.purpose).toBe('send_back');
  expect(body.texts.en).toBe('Sign again, as on your PAN card');
  expect(body.texts.hi).toBe(reason.texts.hi);
});

it('refuses a new reason with a missing text, naming the field, without calling the server', async () => {
  const fetch = vi.fn(async () => Response.json({ status: true, message: 'ok', data: { reasons: [reason] } }));
  renderPage('admin', fetch);
  await screen.findByTestId('reason');
  fireEvent.click(screen.getByRole('button', { name: 'Add a reason' }));
  fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'income_proof_old' } });
  fireEvent.change(screen.getByLabelText('Text in English'), {
    target: { value: 'Upload an income proof from the last six months' },
  });
  const calls = fetch.mock.calls.length;
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  const alerts = await screen.findAllByRole('alert');
  expect(alerts.some((a) => a.textContent === 'Write at least 3 characters')).toBe(true);
  expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('INCOME_PROOF_OLD');
  expect(fetch.mock.calls.length).toBe(calls);
});

it('tells a reviewer the page is for administrators', () => {
  renderPage('reviewer', vi.fn());
  expect(screen.getByRole('alert').textContent).toBe('Only an administrator edits the reasons.');
});
