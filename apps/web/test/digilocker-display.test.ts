/** Section 2: DigiLocker values upper-cased and cut to 36 characters plus an ellipsis past 40. */
import { describe, expect, it } from 'vitest';
import { displayValue } from '../src/features/digilocker/components/document-fields';

describe('DigiLocker document values', () => {
  it('upper-cases values of up to 40 characters whole', () => {
    expect(displayValue('s/o Ramesh Sharma')).toBe('S/O RAMESH SHARMA');
    const forty = 'a'.repeat(40);
    expect(displayValue(forty)).toBe('A'.repeat(40));
  });

  it('cuts a value longer than 40 characters to 36 plus an ellipsis', () => {
    const value = '31, Karve Road, Opposite Post Office, Kothrud';
    expect(value.length).toBeGreaterThan(40);
    expect(displayValue(value)).toBe(`${value.toUpperCase().slice(0, 36)}...`);
  });
});
