/**
 * The review page's rules panel (docs/regulation.md): the rule set the application follows, each
 * newer set in force with what it would change and its source, and a move asked once more.
 */
import type { ApplicationRuleSetData } from '@ekyc/contracts/calls/backoffice-rule-set';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '../src/i18n/translator';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import backoffice from '../src/i18n/locales/en/backoffice.json';
import { RuleSetPanel } from '../src/features/backoffice/components/rule-set-panel';

beforeAll(async () => {
  // jsdom has no modal dialogs: open and close as the browser does
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
  i18n.init({ lng: 'en', resources: { en: { backoffice } } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const change = {
  key: 'nomineeMax',
  title: 'Nominees an applicant may name',
  before: '10',
  after: '3',
  source: { ref: 'SEBI/HO/MIRSD/POD-1/P/CIR/2025/..', date: '2025-06-10' },
} as const;

it('shows the pinned rules and a newer set with its changes, and moves only when confirmed', async () => {
  const before: ApplicationRuleSetData = {
    id: '2025-03-01',
    started_on: '2026-08-20',
    moves: [],
    newer: [{ id: '2026-09-01', changes: [change as never] }],
  };
  const after: ApplicationRuleSetData = {
    id: '2026-09-01',
    started_on: '2026-08-20',
    moves: [{ from: '2025-03-01', to: '2026-09-01', at: '2026-11-25T10:00:00.000Z', by: 's1', changes: [] }],
    newer: [],
  };
  const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
    Response.json({ status: true, message: 'ok', data: init?.method === 'POST' ? after : before }),
  );
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RuleSetPanel applicationId="a1b2" />
    </QueryClientProvider>,
  );
  const panel = await screen.findByTestId('rule-set');
  expect(
    within(panel).getByText('Rules in force from 2025-03-01 (the application started on 2026-08-20).'),
  ).toBeTruthy();
  expect(within(panel).getByText('Rules in force from 2026-09-01: 1 change')).toBeTruthy();
  const row = within(panel).getByRole('row', { name: /Nominees an applicant may name/ });
  expect(row.textContent).toContain('10');
  expect(row.textContent).toContain('3');
  expect(row.textContent).toContain('2025-06-10');

  fireEvent.click(within(panel).getByRole('button', { name: 'Move to the rules of 2026-09-01' }));
  const dialog = screen.getByRole('dialog', { name: 'Move to the rules of 2026-09-01?' });
  expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, move' }));
  await waitFor(() =>
    expect(fetch).toHaveBeenCalledWith(
      '/api/v1/backoffice/applications/a1b2/rule-set',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ to: '2026-09-01' }) }),
    ),
  );
  expect(await within(panel).findByText('These are the newest rules in force.')).toBeTruthy();
  expect(
    within(panel).getByText('Moved from the rules of 2025-03-01 to those of 2026-09-01 on 2026-11-25.'),
  ).toBeTruthy();
});
