/**
 * Section 2: DigiLocker values upper-cased and cut to 36 characters plus an ellipsis past 40; the
 * gender as a word in the applicant's language (upper-cased too), not the document's code.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { i18n } from '../src/i18n/translator';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DocumentFields, displayValue } from '../src/features/digilocker/components/document-fields';
import digilockerEn from '../src/i18n/locales/en/digilocker.json';
import digilockerHi from '../src/i18n/locales/hi/digilocker.json';

beforeAll(async () => {
  i18n.init({
    lng: 'en',
    resources: { en: { digilocker: digilockerEn }, hi: { digilocker: digilockerHi } },
  });
});
afterEach(cleanup);

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

  it('shows the gender as a word in the applicant’s language, upper-cased like every locker value', async () => {
    const aadhaar = { document_type: 'AADHAARCARD', name: 'Asha Verma', gender: 'F' };
    render(<DocumentFields document={aadhaar} />);
    expect(screen.getByText('FEMALE')).toBeTruthy();
    expect(screen.queryByText('Female')).toBeNull();
    expect(screen.queryByText('F')).toBeNull();
    cleanup();
    await i18n.changeLanguage('hi');
    render(<DocumentFields document={aadhaar} />);
    expect(screen.getByText('महिला')).toBeTruthy();
    await i18n.changeLanguage('en');
  });
});
