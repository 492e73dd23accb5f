/** Enumerations of spec section 3. Codes are stable identifiers; labels are English. */
// The few enumerations the first page's schemas need live in basic-enums.ts, so that page loads
// only them; they are part of this list all the same.
export { NOMINEE_RELATIONS } from './basic-enums.ts';
export const OCCUPATIONS = [
  { code: 'private_sector', label: 'Private Sector' },
  { code: 'public_sector', label: 'Public Sector' },
  { code: 'government_sector', label: 'Govt./Government Sector' },
  { code: 'agriculturist', label: 'Agriculturist' },
  { code: 'professional', label: 'Professional' },
  { code: 'housewife', label: 'Housewife' },
  { code: 'retired', label: 'Retired' },
  { code: 'student', label: 'Student' },
  { code: 'business', label: 'Business' },
] as const;

/** Codes carry the range digits: the experience rule parses the minimum from them (section 5). */
export const TRADING_EXPERIENCE = [
  { code: 'lt_1', label: 'Less than 1 year' },
  { code: '1_5', label: '1-5 years' },
  { code: '5_10', label: '5-10 years' },
  { code: '10_15', label: '10-15 years' },
  { code: '15_20', label: '15-20 years' },
  { code: 'gt_20', label: '>20 years' },
] as const;

/** The band list is as given, including the 10-25 band (section 3). */
export const ANNUAL_INCOME = [
  { code: 'lt_1', label: '<1 lakh' },
  { code: '1_5', label: '1-5 lakhs' },
  { code: '5_10', label: '5-10 lakhs' },
  { code: '10_15', label: '10-15 lakhs' },
  { code: '10_25', label: '10-25 lakhs' },
  { code: 'gt_25', label: '>25 lakhs' },
] as const;

export const GENDERS = [
  { code: 'M', label: 'Male' },
  { code: 'F', label: 'Female' },
  { code: 'O', label: 'Other' },
] as const;

export const MARITAL_STATUSES = [
  { code: 'single', label: 'Single' },
  { code: 'married', label: 'Married' },
  { code: 'other', label: 'Other' },
] as const;

export const IDENTITY_DOCUMENTS = [
  { code: 'AADHAAR', label: 'Aadhaar card' },
  { code: 'PAN', label: 'PAN' },
  { code: 'VOTERID', label: 'Voter ID' },
  { code: 'DRIVING_LICENSE', label: 'Driving License' },
  { code: 'PASSPORT', label: 'Passport' },
] as const;

export const FINANCIAL_PROOFS = [
  { code: 'bank_statement', label: 'Bank statement of last 6 months' },
  { code: 'salary_slip', label: 'Salary slip not more than 3 months old' },
  { code: 'itr', label: 'Latest ITR' },
  { code: 'demat_holding', label: 'Demat holding statement' },
  { code: 'form_16', label: 'Form 16 part A or B of the latest year' },
  { code: 'net_worth', label: 'Latest net worth certificate' },
] as const;
export const PROOF_UPLOAD_PROCESSES = ['digital', 'manual'] as const;

/** The spec's four review statuses, and Closed: finally rejected or expired. */
export const REVIEW_STATUSES = ['Pending', 'Approved', 'Rejected', 'Completed', 'Closed'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const PLANS = ['discounted', 'premium'] as const;
export const SETTLEMENT_FREQUENCIES = ['Quarterly', 'Monthly'] as const;
export const ACCOUNT_TYPES = ['Saving', 'Current'] as const;
export const BANK_PROOF_TYPES = ['CancelledCheque', 'bank_statement', 'passbook'] as const;
export const SEGMENTS = [
  { code: 'equity_1', name: 'Equity', exchanges: ['NSE', 'BSE'], derivative: false },
  { code: 'equity_derivatives_1', name: 'Equity Derivatives', exchanges: ['NSE', 'BSE'], derivative: true },
  { code: 'currency_derivatives_1', name: 'Currency Derivatives', exchanges: ['NSE', 'BSE'], derivative: true },
  { code: 'commodity_derivatives_1', name: 'Commodity Derivatives', exchanges: ['MCX'], derivative: true },
  { code: 'mutual_funds_1', name: 'Mutual Funds', exchanges: ['BSE'], derivative: false },
] as const;
export const CLIENT_SOURCES = ['web', 'mobile'] as const;

/**
 * Whose the contact of another client may be (one mobile and one email per client, unless it is
 * the client's family's: spouse, dependent children and dependent parents; exchanges' rule).
 */
export const FAMILY_RELATIONS = ['spouse', 'dependent_child', 'dependent_parent'] as const;
export type FamilyRelation = (typeof FAMILY_RELATIONS)[number];
