/**
 * The back office's privacy page (docs/operations.md, breaches): an admin sees each breach with
 * the Board's report deadline, lists the applicants affected with their contacts on request (not
 * before: each listing is audited), and a form refuses a breach with no data class in plain words.
 */
import type { Breach } from '@ekyc/contracts/calls/backoffice-privacy';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { i18n } from '../src/i18n/translator';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import privacy from '../src/i18n/locales/en/backoffice-privacy.json';
import backoffice from '../src/i18n/locales/en/backoffice.json';
import { meKey } from '../src/features/backoffice/api/get-me';
import DataPrivacyPage from '../src/features/backoffice/pages/data-privacy-page';

beforeAll(async () => {
  i18n.init({
    lng: 'en',
    resources: { en: { backoffice, 'backoffice-privacy': privacy } },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const breach: Breach = {
  id: '3f0c2a4e-1b2c-4d5e-8f90-a1b2c3d4e5f6',
  occurred_from: '2026-11-30T10:00:00.000Z',
  occurred_to: '2026-11-30T12:00:00.000Z',
  detected_at: '2026-12-01T09:00:00.000Z',
  board_report_due: '2026-12-04T09:00:00.000Z',
  board_notified_at: null,
  description: 'A misconfigured export exposed contact details.',
  data_classes: ['contact'],
  selection: { kind: 'window' },
  recorded_by: 's1',
  recorded_at: '2026-12-01T09:30:00.000Z',
};

it('lists a breach with its report deadline and, only when asked, the applicants to tell', async () => {
  const fetch = vi.fn(async (url: string) =>
    Response.json({
      status: true,
      message: 'ok',
      data: url.endsWith('/affected')
        ? {
            breach_id: breach.id,
            count: 1,
            applicants: [
              {
                applicant_id: 'a1',
                mobile: '9876543210',
                email: 'asha@example.com',
                language: 'hi',
                created_at: '2026-11-01T00:00:00.000Z',
              },
            ],
          }
        : { breaches: [breach] },
    }),
  );
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient();
  client.setQueryData(meKey, { id: 's1', email: 'admin@broker.example', name: 'Admin', role: 'admin' });
  render(
    <QueryClientProvider client={client}>
      <DataPrivacyPage />
    </QueryClientProvider>,
  );
  const item = await screen.findByTestId('breach');
  expect(within(item).getByText(breach.description)).toBeTruthy();
  expect(within(item).getByText(/Report to the Board due by/)).toBeTruthy();
  // the contacts are not read until an admin asks for them
  expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/affected'))).toBe(false);

  fireEvent.click(within(item).getByRole('button', { name: 'Applicants affected' }));
  expect(await within(item).findByText('9876543210')).toBeTruthy();
  expect(within(item).getByText('asha@example.com')).toBeTruthy();
  expect(within(item).getByText(/1 applicants to tell/)).toBeTruthy();
});

it('refuses a breach with no data class, saying so, without calling the server', async () => {
  const fetch = vi.fn(async () => Response.json({ status: true, message: 'ok', data: { breaches: [] } }));
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient();
  client.setQueryData(meKey, { id: 's1', email: 'admin@broker.example', name: 'Admin', role: 'admin' });
  render(
    <QueryClientProvider client={client}>
      <DataPrivacyPage />
    </QueryClientProvider>,
  );
  await screen.findByText('No breach recorded.');
  const calls = fetch.mock.calls.length;
  fireEvent.click(screen.getByRole('button', { name: 'Record the breach' }));
  expect(await screen.findByText('Choose the data the breach touched.')).toBeTruthy();
  expect(fetch.mock.calls.length).toBe(calls);
});

it('tells a reviewer the page is for administrators', () => {
  const client = new QueryClient();
  client.setQueryData(meKey, { id: 's2', email: 'r@broker.example', name: 'Rita', role: 'reviewer' });
  render(
    <QueryClientProvider client={client}>
      <DataPrivacyPage />
    </QueryClientProvider>,
  );
  expect(screen.getByRole('alert').textContent).toBe('Only an administrator can close accounts and handle breaches.');
});
