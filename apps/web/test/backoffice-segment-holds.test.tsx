/**
 * The review page's partial approval: the maker ticks the chosen derivatives to hold, each with a
 * coded reason, and the Segment stage is accepted with them held (equity, which needs no income
 * proof, is never offered); nothing ticked is said beside the form without calling the server.
 * The holds that stand are listed for maker and checker alike.
 */
import type { ApplicationData } from '@ekyc/contracts/calls/backoffice-application';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { i18n } from '../src/i18n/translator';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import backoffice from '../src/i18n/locales/en/backoffice.json';
import { HeldSegmentsLine, SegmentHoldsControl } from '../src/features/backoffice/components/segment-holds';

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

const ID = '3f0c2a4e-1b2c-4d5e-8f90-a1b2c3d4e5f6';
const application = (holds: ApplicationData['segment_holds'] = []): ApplicationData => ({
  id: ID,
  status: 'Pending',
  stage: 220,
  mobile: '******3210',
  email: null,
  client_code: null,
  created_at: '2026-12-04T05:00:00.000Z',
  utm: { source: null, medium: null, campaign: null },
  refcode: null,
  review: null,
  stages: [],
  sections: {
    segment_obj: [
      { path: 'segment_list[0].code', value: 'equity_1' },
      { path: 'segment_list[0].name', value: 'Equity' },
      { path: 'segment_list[1].code', value: 'equity_derivatives_1' },
      { path: 'segment_list[2].code', value: 'commodity_derivatives_1' },
    ],
  },
  checks: [],
  shared: [],
  signed_changes: null,
  decidable: true,
  segment_holds: holds,
  approval: { step: 'decide', four_eyes: true, makers: [], can_act: false },
});

function renderControl(fetch: ReturnType<typeof vi.fn>, onDecided = vi.fn()) {
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SegmentHoldsControl application={application()} disabled={false} onDecided={onDecided} />
    </QueryClientProvider>,
  );
  return onDecided;
}

it('accepts the Segment stage with the ticked derivatives held, each with its reason', async () => {
  const fetch = vi.fn(async () =>
    Response.json({
      status: true,
      message: 'ok',
      data: { status: 'Pending', client_code: null, awaiting_confirmation: true },
    }),
  );
  const onDecided = renderControl(fetch);
  fireEvent.click(screen.getByRole('button', { name: 'Accept, hold segments…' }));
  // equity needs no income proof: only the derivatives can wait for one
  expect(screen.queryByLabelText('Hold Equity')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Accept with these held' }));
  expect((await screen.findByRole('alert')).textContent).toBe('Tick at least one segment to hold.');
  expect(fetch).not.toHaveBeenCalled();

  fireEvent.click(screen.getByLabelText('Hold Equity Derivatives'));
  fireEvent.change(screen.getByLabelText('Why it waits'), { target: { value: 'income_proof_insufficient' } });
  fireEvent.click(screen.getByLabelText('Hold Commodity Derivatives'));
  fireEvent.click(screen.getByRole('button', { name: 'Accept with these held' }));
  await vi.waitFor(() => expect(onDecided).toHaveBeenCalled());
  const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
  expect(String(url)).toMatch(new RegExp(`/api/v1/backoffice/applications/${ID}/decisions$`));
  expect(JSON.parse(String(init.body))).toEqual({
    decisions: [
      {
        stage: 190,
        activity: 'Accept',
        held_segments: [
          { code: 'equity_derivatives_1', reason: 'income_proof_insufficient' },
          { code: 'commodity_derivatives_1', reason: 'income_proof_missing' },
        ],
      },
    ],
  });
});

it('lists the holds that stand, with their reason and maker', () => {
  render(
    <HeldSegmentsLine
      application={application([
        {
          code: 'equity_derivatives_1',
          name: 'Equity Derivatives',
          reason: 'income_proof_missing',
          held_by: 'mohan.maker@broker.example',
          held_at: '2026-12-04T05:00:00.000Z',
        },
      ])}
    />,
  );
  expect(screen.getByTestId('segment-holds').textContent).toBe(
    'Held pending proof: Equity Derivatives (Income proof missing, mohan.maker@broker.example)',
  );
});
