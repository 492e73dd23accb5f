/** The liveness poll of section 4: every 2 s while retry, at most 120 s, then the message as an error. */
import { MSG } from '@ekyc/contracts/messages';
import type { Screen } from '@ekyc/contracts/stages';
import { describe, expect, it } from 'vitest';
import { pollLiveness } from '../src/features/selfie/hooks/poll-liveness';

type Reply = { status: boolean; message: string; data: { retry: boolean; screen: Screen } };
const pending: Reply = { status: false, message: MSG.livenessPending, data: { retry: true, screen: '/take-selfie' } };
const approved: Reply = { status: true, message: MSG.livenessApproved, data: { retry: false, screen: '/e-sign' } };

function fakeClock() {
  let now = 0;
  const sleeps: number[] = [];
  return {
    now: () => now,
    sleeps,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
  };
}

describe('pollLiveness', () => {
  it('asks every 2 seconds until the module has finished', async () => {
    const clock = fakeClock();
    const replies = [pending, pending, approved];
    let calls = 0;
    const result = await pollLiveness(pending, async () => replies[calls++]!, clock);
    expect(result).toEqual({ kind: 'done', reply: approved });
    expect(calls).toBe(3);
    expect(clock.sleeps).toEqual([2000, 2000, 2000]);
  });

  it('stops at 120 seconds and gives the last message to show as an error', async () => {
    const clock = fakeClock();
    let calls = 0;
    const result = await pollLiveness(pending, async () => (calls++, pending), clock);
    expect(result).toEqual({ kind: 'timedOut', message: MSG.livenessPending });
    expect(clock.now()).toBe(120_000);
    expect(calls).toBe(60);
  });

  it('does not poll when the first answer is final', async () => {
    const clock = fakeClock();
    const declined: Reply = {
      status: false,
      message: MSG.livenessAutoDeclined,
      data: { retry: false, screen: '/take-selfie' },
    };
    const result = await pollLiveness(declined, async () => approved, clock);
    expect(result).toEqual({ kind: 'done', reply: declined });
    expect(clock.sleeps).toEqual([]);
  });
});
