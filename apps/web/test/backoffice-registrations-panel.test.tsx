/**
 * The review page's registrations panel (CONTRACT.md "After the applicant signs"): each
 * registration with its status, reference, attempts, deadline and last error, a Late flag past the
 * deadline, and Retry on a rejected or on-hold one, which sends it again.
 */
import type { RegistrationEntry } from '@ekyc/contracts/calls/backoffice-registrations';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '../src/i18n/translator';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import registrations from '../src/i18n/locales/en/registrations.json';
import backoffice from '../src/i18n/locales/en/backoffice.json';
import { RegistrationsPanel } from '../src/features/backoffice/components/registrations-panel';

beforeAll(async () => {
  i18n.init({ lng: 'en', resources: { en: { registrations, backoffice } } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderPanel = (approved: boolean) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RegistrationsPanel applicationId="a1b2" approved={approved} />
    </QueryClientProvider>,
  );

const entry = (e: Partial<RegistrationEntry> & Pick<RegistrationEntry, 'kind' | 'status'>): RegistrationEntry => ({
  reference: null,
  attempts: 1,
  last_error: null,
  updated_at: '2026-11-25T10:00:00.000Z',
  deadline_at: null,
  deadline_rule: 'Before the first order',
  late: false,
  flagged: false,
  ...e,
});

describe('registrations panel', () => {
  it('lists each registration and sends a rejected one again', async () => {
    const list = [
      entry({ kind: 'bo_cdsl', status: 'accepted', reference: '1209990012345678' }),
      entry({ kind: 'ucc_nse', status: 'rejected', last_error: 'PAN and name do not match the income-tax record' }),
      entry({ kind: 'kra', status: 'on_hold', deadline_at: '2026-11-20T10:00:00.000Z', late: true }),
    ];
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.method === 'POST' ? { ...list[1], status: 'pending' } : list;
      return new Response(JSON.stringify({ status: true, message: 'ok', data: body }), { status: 200 });
    });
    vi.stubGlobal('fetch', fetch);
    renderPanel(true);
    const nse = await screen.findByTestId('registration-ucc_nse');
    expect(within(nse).getByText('NSE client code (UCC)')).toBeTruthy();
    expect(within(nse).getByText('Rejected')).toBeTruthy();
    expect(within(nse).getByText('PAN and name do not match the income-tax record')).toBeTruthy();
    expect(within(screen.getByTestId('registration-bo_cdsl')).getByText('1209990012345678')).toBeTruthy();
    expect(within(screen.getByTestId('registration-bo_cdsl')).queryByRole('button')).toBeNull();
    expect(within(screen.getByTestId('registration-kra')).getByText('Late')).toBeTruthy();

    fireEvent.click(within(nse).getByRole('button', { name: 'Retry NSE client code (UCC)' }));
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        '/api/v1/backoffice/applications/a1b2/registrations/ucc_nse/retry',
        expect.objectContaining({ method: 'POST' }),
      ),
    );
  });

  it('corrects the data from the client’s request: checked with the API’s schema before it is sent', async () => {
    const list = [
      entry({ kind: 'bo_cdsl', status: 'on_hold', last_error: 'Pre-check: Email address is missing or a placeholder' }),
    ];
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      const body = init?.method === 'POST' ? { field: 'email' } : list;
      return new Response(JSON.stringify({ status: true, message: 'ok', data: body }), { status: 200 });
    });
    vi.stubGlobal('fetch', fetch);
    renderPanel(true);
    const form = await screen.findByTestId('correction');
    fireEvent.click(within(form).getByText('Correct the data'));
    fireEvent.change(within(form).getByLabelText('Correct email address'), { target: { value: 'not-an-email' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save correction' }));
    expect(
      await within(form).findByText('Say what the correction is based on (the client’s request or document)'),
    ).toBeTruthy();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Correct email address'), { target: { value: 'Asha@Example.com' } });
    fireEvent.change(within(form).getByLabelText("Based on (the client's request or document)"), {
      target: { value: 'Client letter, 24 Nov 2026' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save correction' }));
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        '/api/v1/backoffice/applications/a1b2/registrations/corrections',
        expect.objectContaining({ method: 'POST' }),
      ),
    );
    const sent = fetch.mock.calls.find(([url, init]) => url.endsWith('/corrections') && init?.method === 'POST')!;
    expect(JSON.parse(String(sent[1]!.body))).toEqual({
      field: 'email',
      value: 'asha@example.com',
      note: 'Client letter, 24 Nov 2026',
    });
  });

  it('shows nothing before the approval', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderPanel(false);
    expect(screen.queryByRole('region')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
