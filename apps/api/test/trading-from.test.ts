/**
 * "Trading from" on the status screen and in the welcome email: the next trading day after the
 * exchange's 22:00 IST run, skipping weekends and the listed trading holidays (2026: NSE's list).
 */
import { describe, expect, it } from 'vitest';
import { tradingFrom } from '../src/lib/trading-from.ts';

/** An instant given as India's wall clock. */
const ist = (local: string) => new Date(`${local}+05:30`);

describe('tradingFrom', () => {
  it('is the next weekday after an ordinary trading day', () => {
    expect(tradingFrom(ist('2026-09-08T11:00:00'))).toBe('09/09/2026'); // Tuesday → Wednesday
    expect(tradingFrom(ist('2026-09-04T11:00:00'))).toBe('07/09/2026'); // Friday → Monday
  });

  it('skips a Monday holiday after a Friday', () => {
    // 14 Sep 2026 (Monday) and 26 Jan 2026 (Republic Day) are trading holidays
    expect(tradingFrom(ist('2026-09-11T15:30:00'))).toBe('15/09/2026');
    expect(tradingFrom(ist('2026-01-23T09:15:00'))).toBe('27/01/2026');
  });

  it('skips the holiday on a holiday eve', () => {
    expect(tradingFrom(ist('2026-10-01T10:00:00'))).toBe('05/10/2026'); // 2 Oct (Friday) closed
    expect(tradingFrom(ist('2026-11-09T10:00:00'))).toBe('11/11/2026'); // 10 Nov (Tuesday) closed
    expect(tradingFrom(ist('2026-12-24T10:00:00'))).toBe('28/12/2026'); // Christmas, then the weekend
  });

  it('counts a UCC accepted after the 22:00 IST cut-off from the next trading day', () => {
    expect(tradingFrom(ist('2026-09-07T22:00:00'))).toBe('08/09/2026'); // by 22:00: that night's run
    expect(tradingFrom(ist('2026-09-07T22:00:01'))).toBe('09/09/2026');
    expect(tradingFrom(ist('2026-09-07T23:30:00'))).toBe('09/09/2026');
    // after the cut-off on a holiday eve: the next run is after the holiday and the weekend
    expect(tradingFrom(ist('2026-10-01T22:30:00'))).toBe('06/10/2026');
  });

  it('reads the day in India, not in UTC', () => {
    // 20:00 UTC on Monday is 01:30 on Tuesday in India
    expect(tradingFrom(new Date('2026-09-07T20:00:00Z'))).toBe('09/09/2026');
    // 19:00 UTC on Friday 11 Sep is 00:30 on Saturday in India: Tuesday 15 (14 Sep closed) has the next run
    expect(tradingFrom(new Date('2026-09-11T19:00:00Z'))).toBe('16/09/2026');
  });

  it('waits for a trading day’s run when accepted on a weekend or holiday', () => {
    expect(tradingFrom(ist('2026-09-05T12:00:00'))).toBe('08/09/2026'); // Saturday: Monday's run
    expect(tradingFrom(ist('2026-01-26T12:00:00'))).toBe('28/01/2026'); // Republic Day: Tuesday's run
  });
});
