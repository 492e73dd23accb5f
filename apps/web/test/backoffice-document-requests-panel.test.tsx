/**
 * The review page's document requests: a kind and a note ask the applicant for a document (a
 * missing kind is said beside the form without calling the server); an answered request offers its
 * file and accept or decline; compliance reads the requests without the form or the buttons.
 */
import type { StaffDocumentRequest } from '@ekyc/contracts/calls/backoffice-document-requests';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { i18n } from '../src/i18n/translator';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import requestsEn from '../src/i18n/locales/en/backoffice-document-requests.json';
import backoffice from '../src/i18n/locales/en/backoffice.json';
import { meKey } from '../src/features/backoffice/api/get-me';
import { DocumentRequestsPanel } from '../src/features/backoffice/components/document-requests-panel';

beforeAll(async () => {
  i18n.init({
    lng: 'en',
    resources: { en: { backoffice, 'backoffice-document-requests': requestsEn } },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = '3f0c2a4e-1b2c-4d5e-8f90-a1b2c3d4e5f6';
const REQUEST_ID = '7a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const answered: StaffDocumentRequest = {
  id: REQUEST_ID,
  kind: 'bankers_letter',
  note: 'A letter naming you as the holder',
  state: 'answered',
  requested_by: { staff_id: 's1', name: 'Dev Documents' },
  requested_at: '2026-12-04T05:00:00.000Z',
  answered_at: '2026-12-04T06:00:00.000Z',
  file: { url: '/api/v1/ekyc/files/x?exp=1&sid=s&sig=g', content_type: 'application/pdf' },
  decided_by: null,
  decided_at: null,
  decision_note: null,
};

function renderPanel(role: string, fetch: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient();
  client.setQueryData(meKey, { id: 's1', email: 'd@broker.example', name: 'Dev Documents', role });
  render(
    <QueryClientProvider client={client}>
      <DocumentRequestsPanel applicationId={ID} underReview />
    </QueryClientProvider>,
  );
}

it('asks for a document with a kind and a note, and says when the kind is missing', async () => {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
    Response.json({ status: true, message: 'ok', data: { open: 0, requests: [] } }),
  );
  renderPanel('reviewer', fetch);
  fireEvent.change(await screen.findByLabelText('Note to the applicant (they read it)'), {
    target: { value: answered.note },
  });
  const calls = fetch.mock.calls.length;
  fireEvent.click(screen.getByRole('button', { name: 'Ask for the document' }));
  expect((await screen.findByRole('alert')).textContent).toBe('Choose the document to ask for.');
  expect(fetch.mock.calls.length).toBe(calls);

  fireEvent.change(screen.getByLabelText('Document'), { target: { value: 'bankers_letter' } });
  fireEvent.click(screen.getByRole('button', { name: 'Ask for the document' }));
  await vi.waitFor(() => expect(fetch.mock.calls.some(([, i]) => i?.method === 'POST')).toBe(true));
  const [url, init] = fetch.mock.calls.find(([, i]) => i?.method === 'POST')!;
  expect(url).toMatch(new RegExp(`/api/v1/backoffice/applications/${ID}/document-requests$`));
  expect(JSON.parse(String(init?.body))).toEqual({ kind: 'bankers_letter', note: answered.note });
});

it('shows an answered request with its file and accepts it', async () => {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
    Response.json({ status: true, message: 'ok', data: { open: 1, requests: [answered] } }),
  );
  renderPanel('reviewer', fetch);
  expect((await screen.findByTestId('document-request-state')).textContent).toBe('Answered');
  expect(
    screen.getByText('1 request is open: the approval waits until it is accepted, declined or cancelled.'),
  ).toBeTruthy();
  expect(screen.getByRole('button', { name: 'View the document' })).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
  await vi.waitFor(() =>
    expect(fetch.mock.calls.some(([u]) => String(u).endsWith(`/document-requests/${REQUEST_ID}/decision`))).toBe(true),
  );
  const [, init] = fetch.mock.calls.find(([u]) => String(u).endsWith('/decision'))!;
  expect(JSON.parse(String(init?.body))).toEqual({ decision: 'accept' });
});

it('lets compliance read the requests without asking or deciding', async () => {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
    Response.json({ status: true, message: 'ok', data: { open: 1, requests: [answered] } }),
  );
  renderPanel('compliance', fetch);
  expect((await screen.findByTestId('document-request-state')).textContent).toBe('Answered');
  expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Ask for the document' })).toBeNull();
  expect(screen.getByRole('button', { name: 'View the document' })).toBeTruthy();
});
