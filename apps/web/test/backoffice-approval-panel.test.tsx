/**
 * The review page's approval panel (CONTRACT.md "After the applicant signs"): the checker sees
 * "Confirm approval"; once approved the registrations panel takes over (no activation step); with
 * four eyes on, the reviewer who accepted the stages sees who must act instead of a button.
 */
import type { ApplicationData } from '@ekyc/contracts/calls/backoffice-application';
import type { StaffRole } from '@ekyc/contracts/calls/backoffice-login';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { i18n } from '../src/i18n/translator';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import backoffice from '../src/i18n/locales/en/backoffice.json';
import { meKey } from '../src/features/backoffice/api/get-me';
import { ApprovalPanel } from '../src/features/backoffice/components/approval-panel';

beforeAll(async () => {
  i18n.init({ lng: 'en', resources: { en: { backoffice } } });
});
afterEach(cleanup);

function panel(approval: ApplicationData['approval'], role?: StaffRole, claim?: ApplicationData['claim']) {
  const application = { id: 'a1b2', approval, claim } as ApplicationData;
  const client = new QueryClient();
  // the signed-in staff member, as GET /backoffice/me answered it
  if (role) client.setQueryData(meKey, { id: 's1', email: 'me@broker.example', name: 'Me', role });
  render(
    <QueryClientProvider client={client}>
      <ApprovalPanel application={application} />
    </QueryClientProvider>,
  );
}

describe('approval panel', () => {
  it('offers the checker "Confirm approval" once every stage is accepted', () => {
    panel({ step: 'confirm', four_eyes: true, makers: ['maker@broker.example'], can_act: true });
    expect(screen.getByText(/Every stage is accepted \(by maker@broker\.example\)/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirm approval' })).toBeTruthy();
  });

  it('shows the maker the four-eyes rule instead of a button', () => {
    panel({ step: 'confirm', four_eyes: true, makers: ['maker@broker.example'], can_act: false });
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText(/Four eyes: a staff member other than the one who accepted the stages/)).toBeTruthy();
  });

  it('disables "Confirm approval" while a colleague holds the application', () => {
    const held = { staff_id: 's2', name: 'Asha', mine: false, since: '', expires_at: '' };
    panel({ step: 'confirm', four_eyes: true, makers: ['maker@broker.example'], can_act: true }, 'checker', held);
    expect((screen.getByRole('button', { name: 'Confirm approval' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('tells a reviewer that a checker or an administrator confirms', () => {
    panel({ step: 'confirm', four_eyes: true, makers: ['maker@broker.example'], can_act: false }, 'reviewer');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText(/a checker or an administrator who did not accept the stages confirms/)).toBeTruthy();
  });

  it('offers no button once approved (the registrations lead to Completed), nor before every stage is accepted', () => {
    panel({ step: 'registrations', four_eyes: false, makers: ['solo@broker.example'], can_act: false });
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    panel({ step: 'decide', four_eyes: false, makers: [], can_act: false });
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByText('Approval')).toBeNull();
  });
});
