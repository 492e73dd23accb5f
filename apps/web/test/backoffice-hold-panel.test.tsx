/**
 * The review page's escalation hold: with none open, a reason and a note put the application on
 * hold (a missing reason is said beside the form without calling the server); with one open, who
 * held it, why and since when, and a note releases it. Compliance reads it without the form.
 */
import type { Hold } from '@ekyc/contracts/calls/backoffice-holds';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { i18n } from '../src/i18n/translator';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import holdsEn from '../src/i18n/locales/en/backoffice-holds.json';
import backoffice from '../src/i18n/locales/en/backoffice.json';
import { meKey } from '../src/features/backoffice/api/get-me';
import { HoldPanel } from '../src/features/backoffice/components/hold-panel';

beforeAll(async () => {
  i18n.init({
    lng: 'en',
    resources: { en: { backoffice, 'backoffice-holds': holdsEn } },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = '3f0c2a4e-1b2c-4d5e-8f90-a1b2c3d4e5f6';
const open: Hold = {
  reason_code: 'COMPLIANCE_REVIEW',
  note: 'Compliance asked about the source of funds',
  held_by: { staff_id: 's1', name: 'Hema Reviewer' },
  held_at: '2026-12-04T05:00:00.000Z',
  released_by: null,
  released_at: null,
  release_note: null,
};

function renderPanel(role: string, fetch: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient();
  client.setQueryData(meKey, { id: 's1', email: 'h@broker.example', name: 'Hema Reviewer', role });
  render(
    <QueryClientProvider client={client}>
      <HoldPanel applicationId={ID} />
    </QueryClientProvider>,
  );
}

it('puts the application on hold with a reason and a note, and says when the reason is missing', async () => {
  let current: Hold | null = null;
  const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
    if (init?.method === 'POST') current = open;
    return Response.json({ status: true, message: 'ok', data: { current, holds: current ? [current] : [] } });
  });
  renderPanel('reviewer', fetch);
  fireEvent.change(await screen.findByLabelText('Note (staff only)'), { target: { value: open.note } });
  const calls = fetch.mock.calls.length;
  fireEvent.click(screen.getByRole('button', { name: 'Put on hold' }));
  expect((await screen.findByRole('alert')).textContent).toBe('Choose a reason for the hold.');
  expect(fetch.mock.calls.length).toBe(calls);

  fireEvent.change(screen.getByLabelText('Reason for the hold'), { target: { value: 'COMPLIANCE_REVIEW' } });
  fireEvent.click(screen.getByRole('button', { name: 'Put on hold' }));
  await vi.waitFor(() => expect(fetch.mock.calls.some(([, i]) => i?.method === 'POST')).toBe(true));
  const [url, init] = fetch.mock.calls.find(([, i]) => i?.method === 'POST')!;
  expect(String(url)).toMatch(new RegExp(`/api/v1/backoffice/applications/${ID}/hold$`));
  expect(JSON.parse(String(init?.body))).toEqual({ reason_code: 'COMPLIANCE_REVIEW', note: open.note });
  expect((await screen.findByTestId('hold-current')).textContent).toContain('Hema Reviewer: Compliance review');
});

it('releases an open hold with a note', async () => {
  const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
    Response.json({
      status: true,
      message: 'ok',
      data: init?.method === 'POST' ? { current: null, holds: [] } : { current: open, holds: [open] },
    }),
  );
  renderPanel('supervisor', fetch);
  expect((await screen.findByTestId('hold-current')).textContent).toContain(open.note);
  fireEvent.change(screen.getByLabelText('Why the hold ends (staff only)'), {
    target: { value: 'Compliance answered' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Release the hold' }));
  await vi.waitFor(() => expect(fetch.mock.calls.some(([, i]) => i?.method === 'POST')).toBe(true));
  const [url, init] = fetch.mock.calls.find(([, i]) => i?.method === 'POST')!;
  expect(String(url)).toMatch(/\/hold\/release$/);
  expect(JSON.parse(String(init?.body))).toEqual({ note: 'Compliance answered' });
});

it('shows compliance the hold without the form', async () => {
  renderPanel(
    'compliance',
    vi.fn(async () => Response.json({ status: true, message: 'ok', data: { current: open, holds: [open] } })),
  );
  expect(await screen.findByTestId('hold-current')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Release the hold' })).toBeNull();
});
