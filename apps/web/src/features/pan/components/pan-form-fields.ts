/** Typing helpers of section 5: the PAN upper-cased and cut to 10, the date of birth as dd/mm/yyyy. */
import { normalisePan } from '@ekyc/contracts/rules';

export { normalisePan };

/** Inserts the slashes of dd/mm/yyyy as digits are typed. */
export function formatDobInput(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

/** Name on PAN: upper-cased as typed. */
export const formatPanName = (value: string) => value.toUpperCase().slice(0, 40);
