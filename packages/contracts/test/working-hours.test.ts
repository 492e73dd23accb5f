/** The reports' working hours: 09:00 to 18:00 IST on trading days, weekends and trading holidays left out. */
import { expect, it } from 'vitest';
import { isTradingDay } from '../src/trading-calendar.ts';
import { workingSecondsBetween } from '../src/working-hours.ts';

const ist = (isoLocal: string) => new Date(`${isoLocal}+05:30`);
const hours = (from: string, to: string) => workingSecondsBetween(ist(from), ist(to)) / 3600;

it('counts the working part of one day only', () => {
  expect(hours('2026-12-02T08:00:00', '2026-12-02T20:00:00')).toBe(9);
  expect(hours('2026-12-02T10:30:00', '2026-12-02T11:00:00')).toBe(0.5);
  expect(hours('2026-12-02T19:00:00', '2026-12-02T23:00:00')).toBe(0);
});

it('leaves the weekend out: Friday 17:00 to Monday 10:00 is two working hours', () => {
  expect(hours('2026-12-04T17:00:00', '2026-12-07T10:00:00')).toBe(2);
});

it('leaves a trading holiday out', () => {
  expect(isTradingDay('2026-01-15')).toBe(false);
  expect(hours('2026-01-14T17:00:00', '2026-01-16T10:00:00')).toBe(2);
});

it('is nothing when the end is not after the start', () => {
  expect(hours('2026-12-02T12:00:00', '2026-12-02T11:00:00')).toBe(0);
});
