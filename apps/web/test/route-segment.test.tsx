/**
 * The segment route as the applicant meets it (sections 4, 5 and 7): Equity is chosen and locked,
 * a derivatives segment opens the risk disclosure first and asks for a financial proof once
 * acknowledged, and the saved choice leads to the screen the server names; a refusal is shown.
 */
import { MSG } from '@ekyc/contracts/messages';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { openRoute, reply, userDetails } from './support/app-at-route';

beforeAll(() => {
  // jsdom has <dialog> without its modal methods
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const SEGMENTS = [
  {
    code: 'EQ',
    name: 'Equity',
    description: 'Cash market',
    sub_description: 'Shares and ETFs',
    auto_select: true,
    required_doc: false,
    exchanges: ['NSE', 'BSE'],
  },
  {
    code: 'FO',
    name: 'Futures & Options',
    description: 'Equity derivatives',
    sub_description: 'Needs a financial proof',
    auto_select: false,
    required_doc: true,
    exchanges: ['NSE', 'BSE'],
  },
];

/** The segment page at stage 190; a saved choice moves the applicant on to the selfie (stage 200). */
async function openSegment(update: (body: unknown) => ReturnType<typeof reply>) {
  let stage = 190;
  return openRoute('/bank-and-segment/segment', {
    'GET get-user-details': () => reply(userDetails(stage)),
    'GET get-segment-list': () => reply(SEGMENTS),
    'POST update-segment': ({ body }) => {
      const answer = update(body);
      if (answer.status) stage = 200;
      return answer;
    },
  });
}

it('saves the locked Equity segment and goes to the screen the server names', async () => {
  const update = vi.fn(() => reply({ screen: '/take-selfie', redirect_url: '' }, 'Segment updated'));
  const app = await openSegment(update);

  const equity = (await screen.findByRole('checkbox', { name: /Equity/ })) as HTMLInputElement;
  expect(equity.checked).toBe(true);
  expect(equity.getAttribute('aria-disabled')).toBe('true');
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

  await waitFor(() => expect(app.path()).toBe('/ekyc1/take-selfie'));
  expect(update).toHaveBeenCalledWith({ segments: ['EQ'] });
});

it('shows the risk disclosure before derivatives, and asks for a financial proof once it is acknowledged', async () => {
  const update = vi.fn(() => reply({ screen: '/take-selfie' }));
  await openSegment(update);

  fireEvent.click(await screen.findByRole('checkbox', { name: /Futures & Options/ }));
  const dialog = await screen.findByTestId('risk-disclosure');
  expect((dialog as HTMLDialogElement).open).toBe(true);
  // declining leaves derivatives out
  fireEvent.click(screen.getByRole('button', { name: /leave derivatives out/ }));
  await waitFor(() => expect((dialog as HTMLDialogElement).open).toBe(false));
  expect((screen.getByRole('checkbox', { name: /Futures & Options/ }) as HTMLInputElement).checked).toBe(false);
  expect(screen.queryByText('Financial proof')).toBeNull();

  fireEvent.click(screen.getByRole('checkbox', { name: /Futures & Options/ }));
  fireEvent.click(await screen.findByRole('button', { name: /read and understood the risk disclosures/ }));
  await waitFor(() =>
    expect((screen.getByRole('checkbox', { name: /Futures & Options/ }) as HTMLInputElement).checked).toBe(true),
  );
  expect(await screen.findByText('Financial proof')).toBeTruthy();
  // without a proof chosen, Continue does not save
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findAllByRole('alert');
  expect(update).not.toHaveBeenCalled();
});

it('shows a refusal and stays on the page', async () => {
  const app = await openSegment(() => reply({ screen: '/bank-and-segment/segment' }, MSG.somethingWrong, false));
  await screen.findByRole('checkbox', { name: /Equity/ });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByText(MSG.somethingWrong)).toBeTruthy();
  expect(app.path()).toBe('/ekyc1/bank-and-segment/segment');
});
