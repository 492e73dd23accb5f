/** How personal data appears in the back office's lists: enough to recognise, not to reuse. */

/** 98******10 */
export const maskMobile = (mobile: string): string =>
  mobile.length >= 4 ? `${mobile.slice(0, 2)}${'*'.repeat(Math.max(mobile.length - 4, 0))}${mobile.slice(-2)}` : '****';

/** ABC****34K */
export const maskPan = (pan: string): string =>
  pan.length === 10 ? `${pan.slice(0, 3)}****${pan.slice(7)}` : '**********';

/** Aadhaar: only the last four digits ever leave the server. */
export const maskAadhaar = (value: string): string => {
  const digits = value.replace(/\D/g, '');
  return digits.length >= 4 ? `XXXX XXXX ${digits.slice(-4)}` : 'XXXX XXXX XXXX';
};
