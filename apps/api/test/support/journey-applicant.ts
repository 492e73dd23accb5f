/** The applicant a journey (full-journey.ts) signs up: unique, valid sandbox values, and the selfie's location. */

/** The selfie step's device location: shared with consent, a fresh fix in Mumbai. */
export const inMumbai = () => ({
  consent: true,
  latitude: 19.076,
  longitude: 72.8777,
  accuracy: 25,
  captured_at: new Date().toISOString(),
});

export interface JourneyApplicant {
  mobile: string;
  email: string;
  /** a valid individual PAN (4th letter P), digits other than 0000/8888/9999 */
  pan: string;
  /** as typed; the sandbox PAN service answers with it upper-cased */
  panName: string;
  /** dd/mm/yyyy, an adult */
  dob: string;
  ifsc: string;
  /** not ending 000 (that fails the sandbox penny drop) */
  accountNumber: string;
  motherName: string;
}

/**
 * A PAN's four digits for an ordinary applicant: four like digits are the sandbox's special outcomes
 * (0000 not found, 2222 inoperative, 3333 to 5555 blocked at the KRA, 6666 and 7777 a registration
 * held or rejected once, 8888 no PAN in DigiLocker, 9999 KRA-registered), so they become 1234.
 */
export function ordinaryPanDigits(n: number): string {
  const digits = String(n).padStart(4, '0');
  return /^(\d)\1{3}$/.test(digits) ? '1234' : digits;
}

let seq = 0;
/** Unique, valid sandbox values for one applicant (the PAN digits avoid the sandbox's special values). */
export function newApplicant(seed = `${process.pid}${Date.now()}${seq++}`): JourneyApplicant {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  const next = () => (h = Math.imul(h ^ (h >>> 15), 2246822519) >>> 0);
  const letter = () => String.fromCharCode(65 + (next() % 26));
  const digits = ordinaryPanDigits(1000 + (next() % 8000));
  const pan = `${letter()}${letter()}${letter()}P${letter()}${digits}${letter()}`;
  const mobile = `9${String(next() % 1_000_000_000).padStart(9, '0')}`;
  const account = `${5 + (next() % 4)}${String(next()).padStart(10, '0').slice(0, 10)}${1 + (next() % 9)}`;
  const year = 1970 + (next() % 25);
  const day = 1 + (next() % 28);
  const month = 1 + (next() % 12);
  const first = ['Ravi', 'Asha', 'Kiran', 'Meera', 'Arjun', 'Divya', 'Rohit', 'Nisha'][next() % 8]!;
  const last = ['Sharma', 'Patel', 'Rao', 'Iyer', 'Das', 'Joshi', 'Nair', 'Gupta'][next() % 8]!;
  return {
    mobile,
    email: `applicant${mobile}@example.com`,
    pan,
    panName: `${first} Kumar ${last}`,
    dob: `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`,
    ifsc: 'HDFC0000001',
    accountNumber: account,
    motherName: `Sita ${last}`,
  };
}
