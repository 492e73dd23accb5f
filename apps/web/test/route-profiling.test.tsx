/**
 * The client-profiling routes as the applicant meets them (sections 2, 5 and 7): a reload resumes
 * at the saved sub-step, one tap on an occupation saves it with the next sub-step and moves on,
 * and trading experience longer than the applicant's age allows cannot be chosen.
 */
import { OCCUPATIONS, TRADING_EXPERIENCE } from '@ekyc/contracts/enums';
import type { ProfilingStep } from '@ekyc/contracts/calls/profiling-draft';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { openRoute, reply, userDetails } from './support/app-at-route';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const options = (list: readonly { code: string; label: string }[]) =>
  list.map((o) => ({
    code: o.code,
    name: o.label,
    labels: { en: o.label, hi: o.label, be: o.label, gu: o.label, mar: o.label },
  }));

/** Profiling (stage 150) with a draft saved at `step`, for an applicant of `age`. */
async function openProfiling(path: string, step: ProfilingStep, age: number) {
  const saves: unknown[] = [];
  let draft = { step, values: {} as Record<string, unknown> };
  const app = await openRoute(path, {
    'GET get-user-details': () => reply(userDetails(150)),
    'GET get-profiling-draft': () => reply({ ...draft, prefill: {}, age, declaration_switches: 3 }),
    'POST save-profiling-draft': ({ body }) => {
      saves.push(body);
      draft = body as typeof draft;
      return reply({ step: draft.step }, 'Saved');
    },
    'GET get-occupation-list': () => reply(options(OCCUPATIONS)),
    'GET get-experience-list': () => reply(options(TRADING_EXPERIENCE)),
  });
  return { ...app, saves };
}

it('a reload at the first sub-step resumes where the applicant stopped', async () => {
  const app = await openProfiling('/client-profiling/occupation', 'trading-experience', 40);
  await waitFor(() => expect(app.path()).toBe('/ekyc1/client-profiling/trading-experience'));
  expect(await screen.findByRole('button', { name: /1-5 years/ })).toBeTruthy();
});

it('one tap on an occupation saves it with the next sub-step and moves on', async () => {
  const app = await openProfiling('/client-profiling/occupation', 'occupation', 40);
  const first = OCCUPATIONS[0]!;
  fireEvent.click(await screen.findByRole('button', { name: new RegExp(first.label) }));
  await waitFor(() => expect(app.path()).toBe('/ekyc1/client-profiling/trading-experience'));
  expect(app.saves).toContainEqual({ step: 'trading-experience', values: { occupation: first.code } });
});

it('a 24-year-old cannot claim more than five years of trading experience', async () => {
  await openProfiling('/client-profiling/trading-experience', 'trading-experience', 24);
  const allowed = (await screen.findByRole('button', { name: /1-5 years/ })) as HTMLButtonElement;
  const tooLong = screen.getByRole('button', { name: /10-15 years/ }) as HTMLButtonElement;
  expect(allowed.disabled).toBe(false);
  expect(tooLong.disabled).toBe(true);
});

it('arriving at /client-profiling again while its redirect is in flight still opens the first sub-step', async () => {
  const app = await openProfiling('/client-profiling/occupation', 'occupation', 40);
  const first = OCCUPATIONS[0]!;
  await screen.findByRole('button', { name: new RegExp(first.label) });
  // Outside act, as in a browser: React renders on its own schedule. When the redirect to the first
  // sub-step has replaced the address, a second move to /client-profiling comes before the next
  // render (the DigiLocker page's own navigation once its reply arrives): one render sees both.
  const react = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const actEnvironment = react.IS_REACT_ACT_ENVIRONMENT;
  react.IS_REACT_ACT_ENVIRONMENT = false;
  const replaceState = window.history.replaceState.bind(window.history);
  let moves = 0;
  const moveToProfiling = () => {
    // the state the router itself writes with a move: a key of its own for each entry
    moves += 1;
    window.history.pushState({ usr: null, key: `move-${moves}`, idx: moves }, '', '/ekyc1/client-profiling');
    window.dispatchEvent(new PopStateEvent('popstate'));
  };
  let raced = false;
  const spy = vi.spyOn(window.history, 'replaceState').mockImplementation((...args) => {
    replaceState(...args);
    if (!raced && String(args[2]).endsWith('/client-profiling/occupation')) {
      raced = true;
      queueMicrotask(moveToProfiling);
    }
  });
  try {
    moveToProfiling();
    await waitFor(() => expect(raced).toBe(true));
    await waitFor(() => expect(app.path()).toBe('/ekyc1/client-profiling/occupation'));
    expect(await screen.findByRole('button', { name: new RegExp(first.label) })).toBeTruthy();
  } finally {
    spy.mockRestore();
    react.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  }
});
