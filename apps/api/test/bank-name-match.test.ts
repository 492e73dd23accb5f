/** The holder-name result the applicant sees: exact, close or mismatch, with the reason. */
import { expect, it } from 'vitest';
import { matchHolderName } from '../src/lib/name-match.ts';

const PAN = 'RAVI KUMAR SHARMA';

it.each([
  ['RAVI KUMAR SHARMA', 'exact', 'identical'],
  ['Mr. Ravi Kumar Sharma', 'exact', 'identical'],
  ['R K SHARMA', 'close', 'initials'],
  ['R. K. Sharma', 'close', 'initials'],
  ['SHARMA R K', 'close', 'initials'],
  ['SHARMA RAVI KUMAR', 'close', 'order_swapped'],
  ['RAVI SHARMA', 'close', 'middle_name'],
  ['RAVI KUMAAR SHARMA', 'close', 'spelling'],
  ['RAVI KUMAR', 'close', 'partial'],
  ['ANIL GUPTA & RAVI KUMAR SHARMA', 'exact', 'joint_holder'],
  ['ANIL GUPTA, R K SHARMA', 'close', 'initials'],
  ['PRIYA VERMA', 'mismatch', 'different'],
  ['AMIT KUMAR SHARMA', 'mismatch', 'different'],
  ['ANIL GUPTA & PRIYA VERMA', 'mismatch', 'different'],
  ['', 'mismatch', 'not_available'],
] as const)('bank name %j against PAN name RAVI KUMAR SHARMA is %s (%s)', (onAccount, result, reason) => {
  const m = matchHolderName(onAccount, PAN);
  expect({ result: m.result, reason: m.reason }).toEqual({ result, reason });
  expect(m.bank_name_on_account).toBe(onAccount);
  if (result === 'exact') expect(m.score).toBeGreaterThanOrEqual(99);
  if (result === 'close') expect(m.score).toBeGreaterThanOrEqual(80);
  if (result === 'mismatch') expect(m.score).toBeLessThan(85);
});

it('an extra middle name on the PAN side is close, not a mismatch', () => {
  expect(matchHolderName('RAVI KUMAR SHARMA', 'RAVI SHARMA')).toMatchObject({ result: 'close', reason: 'middle_name' });
});
