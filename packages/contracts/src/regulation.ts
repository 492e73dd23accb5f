/**
 * Regulation in force as dated rules. Every regulatory constant of the onboarding is a list of
 * changes (effective date → value), each with its source (circular number and date). An
 * application is pinned to the rule set in force on the day it started; the back office may move
 * it to a newer set. The product specification's values are the first entries where no circular
 * has changed them.
 *
 * Every rule here has a reader in the code (test/rule-readers.test.ts fails on one that has
 * none): a value nothing reads is not kept here. The product specification's fixed values (ages,
 * OTP life, the e-sign window) live in constants.ts and the deployment's configuration instead.
 *
 * docs/regulation.md is generated from this table (`npm run docs:regulation`).
 */
import { NOMINEE_FIELDS, type NomineeField, PLACEHOLDER_EMAIL_LOCAL_PARTS, PLACEHOLDER_MOBILES } from './constants.ts';
import {
  SPEC,
  SPEC_FROM,
  NOMINATION_2021,
  NOMINATION_2025,
  NOMINATION_2026,
  BSDA_2024,
  DDPI_2022,
  FO_2023,
  KYC_MASTER,
  KRA_NSE_2025,
  UCC_BSE_2021,
  MITC_2023,
  ACCESSIBILITY_2025,
  FATCA_2015,
  MNRL_2024,
  AML_2019,
  DEMISE_2023,
  APP_KYC_2020,
  PAN_CBDT,
} from './regulation-sources.ts';
import type { RuleSource } from './regulation-sources.ts';
import { type DeceasedStop, type RiskCategoryRule, SCREENING_LIST_NAMES, type ScreeningList } from './screening.ts';

export interface RuleChange<T> {
  /** In force from this day (YYYY-MM-DD, Indian Standard Time). */
  from: string;
  value: T;
  source: RuleSource;
}

export interface RuleDefinition<T> {
  title: string;
  /** The value in words, for the docs page and the back office. */
  show: (value: T) => string;
  /** Oldest first. */
  changes: readonly RuleChange<T>[];
}

const rule = <T>(definition: RuleDefinition<T>): RuleDefinition<T> => definition;

export { NOMINEE_FIELDS, type NomineeField };
export type OptOutValidation = 'declaration' | 'otp_declaration' | 'video' | 'esign' | 'otp_mobile_and_email';
export const DDPI_PURPOSES = [
  'Transfer of securities held in the beneficial owner account towards stock exchange related deliveries and settlement obligations',
  'Pledging / re-pledging of securities in favour of the trading member for the purpose of meeting margin requirements',
  'Mutual fund transactions executed on stock exchange order entry platforms',
  'Tendering shares in open offers through stock exchange platforms',
] as const;

export interface BsdaSlab {
  /** Holding value up to (rupees). */
  upTo: number;
  /** Annual maintenance charge (rupees). */
  amc: number;
}

/** The controls of a KYC done through an app (the selfie step). */
export interface KycAppControls {
  /** The device's live location, shared with consent, must fall inside India. */
  locationInsideIndia: boolean;
  /** The server draws a random action the applicant performs on camera, checked and timed by the server. */
  randomAction: boolean;
  /** The IP address's country is checked beside the device's location, and against hosting and VPN ranges (spoofing). */
  ipCountry: boolean;
}

/** The standard MITC a new client acknowledges: how many points it has. */
export interface MitcRule {
  points: number;
}

export interface RiskDisclosureRule {
  /** The text version the applicant acknowledges (see risk-disclosure.ts). */
  version: string;
  /** The share of the screen the disclosure covers at least. */
  minScreenShare: number;
}

const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;
const list = (values: readonly string[]) => values.join(', ');

export const REGULATION = {
  nomineeMax: rule<number>({
    title: 'Most nominees on a demat account',
    show: (v) => `${v}`,
    changes: [
      { from: SPEC_FROM, value: 3, source: NOMINATION_2021 },
      { from: '2025-03-01', value: 10, source: NOMINATION_2025 },
      { from: '2026-09-01', value: 3, source: NOMINATION_2026 },
    ],
  }),
  nomineeMandatory: rule<readonly NomineeField[]>({
    title: 'Nominee fields the applicant must give (a minor also needs date of birth and guardian)',
    show: (v) => list(v),
    changes: [
      { from: SPEC_FROM, value: ['name', 'relationship', 'date_of_birth', 'share'], source: SPEC },
      { from: '2026-09-01', value: ['name', 'relationship'], source: NOMINATION_2026 },
    ],
  }),
  nomineeOptOut: rule<readonly OptOutValidation[]>({
    title: 'How a single holder confirms opting out of nomination (any one of)',
    show: (v) => list(v),
    changes: [
      { from: SPEC_FROM, value: ['declaration'], source: NOMINATION_2021 },
      { from: '2025-03-01', value: ['otp_declaration', 'video'], source: NOMINATION_2025 },
      { from: '2026-09-01', value: ['esign', 'otp_mobile_and_email'], source: NOMINATION_2026 },
    ],
  }),
  riskDisclosure: rule<RiskDisclosureRule | null>({
    title: 'Derivatives (F&O) risk disclosure acknowledged before a derivatives segment is saved',
    show: (v) => (v ? `text ${v.version}, covering at least ${v.minScreenShare * 100}% of the screen` : 'none'),
    changes: [
      { from: SPEC_FROM, value: null, source: SPEC },
      { from: '2023-07-01', value: { version: 'fo-2023-07', minScreenShare: 0.5 }, source: FO_2023 },
    ],
  }),
  bsdaDefault: rule<boolean>({
    title: 'Basic Services Demat Account by default for an eligible applicant (regular only on explicit choice)',
    show: (v) => (v ? 'yes' : 'no'),
    changes: [
      { from: SPEC_FROM, value: false, source: SPEC },
      { from: '2024-09-01', value: true, source: BSDA_2024 },
    ],
  }),
  bsdaSlabs: rule<readonly BsdaSlab[]>({
    title: 'BSDA annual maintenance charge by holding value',
    show: (v) => list(v.map((s) => `up to ${rupees(s.upTo)}: ${rupees(s.amc)}`)),
    changes: [
      {
        from: SPEC_FROM,
        value: [
          { upTo: 50000, amc: 0 },
          { upTo: 200000, amc: 100 },
        ],
        source: { ref: 'SEBI/MIRSD/CIR/P/2012/66', date: '2012-08-27' },
      },
      {
        from: '2024-09-01',
        value: [
          { upTo: 400000, amc: 0 },
          { upTo: 1000000, amc: 100 },
        ],
        source: BSDA_2024,
      },
    ],
  }),
  ddpiPurposes: rule<readonly string[]>({
    title:
      'DDPI: optional, never a precondition; a document of its own listing its purposes, e-signed apart from the account-opening form (after it, or later from the client area, four-eyed); the depository is told of a DDPI only once that document is signed',
    show: (v) => list(v),
    changes: [{ from: '2022-11-18', value: DDPI_PURPOSES, source: DDPI_2022 }],
  }),
  mitcAcknowledgement: rule<MitcRule | null>({
    title: 'The standard Most Important Terms and Conditions acknowledged by a new client (its version on the form)',
    show: (v) =>
      v ? `required (${v.points} points; the version acknowledged printed on the signed form)` : 'not required',
    changes: [
      { from: SPEC_FROM, value: null, source: SPEC },
      { from: '2024-04-01', value: { points: 10 }, source: MITC_2023 },
    ],
  }),
  investorCharterAccessibility: rule<boolean>({
    title: 'The Investor Charter states the investor’s right to digital accessibility',
    show: (v) => (v ? 'yes' : 'no'),
    changes: [
      { from: SPEC_FROM, value: false, source: SPEC },
      { from: '2025-12-08', value: true, source: ACCESSIBILITY_2025 },
    ],
  }),
  fatcaSelfCertification: rule<boolean>({
    title:
      'FATCA/CRS self-certification (place and country of birth, tax residencies outside India with TINs) asked and sent to the KRA',
    show: (v) => (v ? 'required' : 'not asked'),
    changes: [{ from: SPEC_FROM, value: true, source: FATCA_2015 }],
  }),
  mnrlCheck: rule<boolean>({
    title:
      'Mobile checked against DoT’s Mobile Number Revocation List at sign-up (refused) and before the exchange registrations (held for review)',
    show: (v) => (v ? 'yes' : 'no'),
    changes: [
      { from: SPEC_FROM, value: false, source: SPEC },
      { from: '2024-01-04', value: true, source: MNRL_2024 },
    ],
  }),
  kycAppControls: rule<KycAppControls>({
    title:
      'KYC through the app: a live location inside India, a random action performed on camera (checked by the liveness provider, timed by the server’s clock), the IP address’s country beside the location and the address against hosting and VPN ranges',
    show: (v) =>
      [
        v.locationInsideIndia ? 'location inside India' : 'no location check',
        v.randomAction ? 'a random action checked and timed by the server' : 'no random action',
        v.ipCountry ? 'IP country and hosting or VPN ranges checked' : 'no IP check',
      ].join('; '),
    changes: [
      {
        from: SPEC_FROM,
        value: { locationInsideIndia: true, randomAction: true, ipCountry: true },
        source: APP_KYC_2020,
      },
    ],
  }),
  kraUploadWorkingDays: rule<number>({
    title: 'Working days to upload the KYC to the KRA',
    show: (v) => `${v}`,
    changes: [
      { from: SPEC_FROM, value: 10, source: KYC_MASTER },
      { from: '2025-09-03', value: 3, source: KRA_NSE_2025 },
    ],
  }),
  panMustBeOperative: rule<boolean>({
    title: 'PAN must be operative (linked to Aadhaar)',
    show: (v) => (v ? 'yes (an inoperative PAN is refused with what to do)' : 'no'),
    changes: [{ from: '2023-07-01', value: true, source: PAN_CBDT }],
  }),
  placeholderContacts: rule<{ mobiles: readonly string[]; emailLocalParts: readonly string[] }>({
    title: 'Placeholder contact data refused',
    show: (v) => `mobiles ${list(v.mobiles)}; emails ${list(v.emailLocalParts.map((p) => `${p}@…`))}`,
    changes: [
      {
        from: SPEC_FROM,
        value: {
          mobiles: PLACEHOLDER_MOBILES,
          emailLocalParts: PLACEHOLDER_EMAIL_LOCAL_PARTS,
        },
        source: UCC_BSE_2021,
      },
    ],
  }),
  screeningLists: rule<readonly ScreeningList[]>({
    title:
      'Lists the name and date of birth (and the PAN where the list gives it) are screened against, at PAN validation and before approval; a hit holds the approval until a reviewer resolves it',
    show: (v) => list(v.map((l) => SCREENING_LIST_NAMES[l])),
    changes: [{ from: SPEC_FROM, value: ['sebi_debarred', 'un_consolidated', 'pep'], source: AML_2019 }],
  }),
  riskCategory: rule<RiskCategoryRule>({
    title: 'Risk category of a client (low, medium, high), recorded in the evidence',
    show: (v) =>
      `high: ${list(v.high)}; medium: ${list(v.medium)} (occupations ${list(v.occupations)}; incomes ${list(v.incomes)}); otherwise low`,
    changes: [
      {
        from: SPEC_FROM,
        value: {
          high: ['pep_declared', 'screening_hit'],
          medium: ['occupation', 'income'],
          occupations: ['business', 'agriculturist'],
          incomes: ['gt_25'],
        },
        source: AML_2019,
      },
    ],
  }),
  deceasedStops: rule<readonly DeceasedStop[]>({
    title: 'What a client recorded as deceased by the back office stops',
    show: (v) => (v.length ? list(v) : 'nothing'),
    changes: [{ from: '2023-10-03', value: ['registrations', 'approval', 'client_area'], source: DEMISE_2023 }],
  }),
} as const;

/**
 * The table's version, stored with an application's rule set when it starts. Raise it with any
 * change to the table (test/regulation.test.ts keeps the table's fingerprint beside it).
 */
export const REGULATION_VERSION = 6;

export type RuleKey = keyof typeof REGULATION;
export type RuleValues = {
  [K in RuleKey]: (typeof REGULATION)[K] extends RuleDefinition<infer T> ? T : never;
};

export interface RuleSet {
  /** The newest effective date among the set's values: the set's identity. */
  id: string;
  values: RuleValues;
  sources: Record<RuleKey, RuleSource>;
}

export const RULE_KEYS = Object.keys(REGULATION) as RuleKey[];

/** Every date on which some rule changed, oldest first: the rule sets' identities. */
export const RULE_SET_IDS: readonly string[] = [
  ...new Set(RULE_KEYS.flatMap((k) => REGULATION[k].changes.map((c) => c.from))),
].sort();

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar day of a moment in India (UTC+5:30), YYYY-MM-DD. */
export function indianDay(moment: Date): string {
  return new Date(moment.getTime() + 330 * 60 * 1000).toISOString().slice(0, 10);
}

function changeOn<T>(definition: RuleDefinition<T>, day: string): RuleChange<T> {
  let current = definition.changes[0]!;
  for (const change of definition.changes) if (change.from <= day) current = change;
  return current;
}

/** The rule set in force on a day (YYYY-MM-DD); before a rule's first change its first value holds. */
export function ruleSetOn(day: string): RuleSet {
  if (!DAY.test(day)) throw new Error(`not a day: ${day}`);
  const values = {} as Record<RuleKey, unknown>;
  const sources = {} as Record<RuleKey, RuleSource>;
  for (const key of RULE_KEYS) {
    const change = changeOn(REGULATION[key] as RuleDefinition<unknown>, day);
    values[key] = change.value;
    sources[key] = change.source;
  }
  const id = RULE_SET_IDS.filter((d) => d <= day).at(-1) ?? RULE_SET_IDS[0]!;
  return { id, values: values as RuleValues, sources };
}

export interface RuleDifference {
  key: RuleKey;
  title: string;
  before: string;
  after: string;
  source: RuleSource;
}

/** What changes when an application moves from one rule set to another. */
export function ruleSetChanges(fromDay: string, toDay: string): RuleDifference[] {
  const before = ruleSetOn(fromDay);
  const after = ruleSetOn(toDay);
  const out: RuleDifference[] = [];
  for (const key of RULE_KEYS) {
    const show = REGULATION[key].show as (v: unknown) => string;
    const a = show(before.values[key]);
    const b = show(after.values[key]);
    if (a !== b) out.push({ key, title: REGULATION[key].title, before: a, after: b, source: after.sources[key] });
  }
  return out;
}
