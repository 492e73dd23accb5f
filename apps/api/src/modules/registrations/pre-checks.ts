/**
 * Checks before anything is sent (research §3.1; NSE 28 Dec 2021 and BSE 20210503-41 on the six
 * KYC attributes): name, full address with PIN, PAN, a valid mobile, a valid email and the income
 * range present and not placeholders; the PAN verified on three parameters (PAN, name, date of
 * birth: the PAN stage stores its record only after the income-tax source matched all three);
 * one mobile and one email per client unless a family declaration says they are shared. The
 * exchanges' placeholder list and the nomination rule are read from the rule set in force on the
 * day the request goes out (regulation.ts): an account opened from 1 Sep 2026 follows the 2026
 * nomination norms whatever the application started under.
 */
import type { RuleSet } from '@ekyc/contracts/regulation';
import type { RegistrationSubject } from '../../providers/registrations/port.ts';

const PAN = /^[A-Z]{5}\d{4}[A-Z]$/;
const MOBILE = /^[6-9]\d{9}$/;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const PIN = /^[1-9]\d{5}$/;
/** Dummy values refused besides the exchanges' own list: a digit repeated, noemail@..., test@... */
const DUMMY_MOBILE = /^(\d)\1{9}$/;
const DUMMY_EMAIL = /^(noemail|na|test)@/i;

export interface PreCheckFacts {
  /** Other clients with the same mobile / email. */
  sharedMobile: number;
  sharedEmail: number;
  familyDeclaration: boolean;
  panVerified: boolean;
  /** The rule set in force on the day of the request. */
  rules: Pick<RuleSet, 'values' | 'sources' | 'id'>;
  /** For the depository account (the nomination is the BO account's): how many nominees it carries. */
  nominees?: number;
  /** The mobile's entry on DoT's Mobile Number Revocation List (checked where the rule set asks it). */
  mnrl?: { revoked: boolean; revokedOn: string | null };
}

const placeholderMobile = (mobile: string, f: PreCheckFacts) =>
  DUMMY_MOBILE.test(mobile) || f.rules.values.placeholderContacts.mobiles.includes(mobile);
const placeholderEmail = (email: string, f: PreCheckFacts) =>
  DUMMY_EMAIL.test(email) ||
  f.rules.values.placeholderContacts.emailLocalParts.includes(email.split('@')[0]!.toLowerCase());

/** The first problem found, in words an operator can act on, or null. */
export function preCheckProblem(s: RegistrationSubject, f: PreCheckFacts): string | null {
  if (!s.name) return 'Name as per PAN is missing';
  if (!s.address.line1 || !s.address.city || !s.address.state) return 'Address is incomplete';
  if (!PIN.test(s.address.pincode)) return 'Address PIN code is missing or invalid';
  if (!PAN.test(s.pan)) return 'PAN is missing or invalid';
  if (!f.panVerified || !s.dob) return 'PAN is not verified on PAN, name and date of birth';
  if (!MOBILE.test(s.mobile) || placeholderMobile(s.mobile, f)) return 'Mobile number is missing or a placeholder';
  if (!EMAIL.test(s.email) || placeholderEmail(s.email, f)) return 'Email address is missing or a placeholder';
  if (!s.income) return 'Income range is missing';
  if (f.rules.values.mnrlCheck && f.mnrl?.revoked)
    return `Mobile number is on DoT's Mobile Number Revocation List${f.mnrl.revokedOn ? ` (revoked ${f.mnrl.revokedOn})` : ''}: confirm a new number with the client (${f.rules.sources.mnrlCheck.ref})`;
  if (!f.familyDeclaration && f.sharedMobile > 0) return 'Mobile number is already registered to another client';
  if (!f.familyDeclaration && f.sharedEmail > 0) return 'Email address is already registered to another client';
  const most = f.rules.values.nomineeMax;
  if (f.nominees !== undefined && f.nominees > most)
    return `${f.nominees} nominees: an account opened under the rules of ${f.rules.id} takes at most ${most} (${f.rules.sources.nomineeMax.ref})`;
  return null;
}
