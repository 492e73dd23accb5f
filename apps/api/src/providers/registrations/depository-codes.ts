/**
 * The code tables of the depositories' BO account files, one typed table per registry, each code
 * with the public source it was transcribed from (file and line, or the function when the file's
 * lines are not numbered in the source). Where no public source gives a table, the entry says so
 * (`NO_PUBLIC_SOURCE`) and the code is a placeholder to replace from the depository's master at
 * onboarding: nothing here is checked against the depositories themselves.
 *
 * Sources (read-only references, nothing copied):
 * - LYIK: lyikadmin/lyik_w2w_plugins (a live broker onboarding's plugins, Apr 2025);
 *   CDSL: cdsl_demat_data_parser_plugins/src/lyik/{test.json, cdsl_demat_data_parser.py,
 *   cdsl_demat_utilities/utility.py}; NSDL: nsdl_demat_account_translator_plugin/src/lyik/
 *   {demat_paload.json, form_record_mapping.py, mapping_json_files/*.json, nsdl_mapping_json_files/*.json}.
 * - IDX 54539068565: a broker's staging query for NSDL's harmonised (ISO tag) BO record, found by the
 *   public code index (repository not resolvable): state codes ("Appendix 6"), FMALE, SVG/CUR, 0x-hex
 *   signature with its size.
 */
import type { FamilyRelation, NOMINEE_RELATIONS } from '@ekyc/contracts/enums';

export const DEPOSITORY_CODES_VERSION = '2026-12-04';

export interface Coded {
  code: string;
  /** Where the code was read (file:line), or NO_PUBLIC_SOURCE. */
  source: string;
}

export const NO_PUBLIC_SOURCE = 'no public source: placeholder, confirm with the depository master at onboarding';

const LYIK_CDSL = 'lyikadmin/lyik_w2w_plugins cdsl_demat_data_parser_plugins/src/lyik';
const LYIK_NSDL = 'lyikadmin/lyik_w2w_plugins nsdl_demat_account_translator_plugin/src/lyik';
const IDX_NSDL_HARMONISED = 'IDX 54539068565 (NSDL harmonised BO staging query)';

type Income = 'lt_1' | '1_5' | '5_10' | '10_15' | '10_25' | 'gt_25';
type Occupation =
  | 'private_sector'
  | 'public_sector'
  | 'government_sector'
  | 'agriculturist'
  | 'professional'
  | 'housewife'
  | 'retired'
  | 'student'
  | 'business'
  | 'others';
type Relation = (typeof NOMINEE_RELATIONS)[number];
type Gender = 'M' | 'F' | 'T';

/**
 * Indian states and union territories by the numeric code both depositories' harmonised records
 * and NSDL's account-opening API carry (GST state codes): LYIK mapping_json_files/states.json
 * (line given), Punjab and Haryana (absent there) from IDX 54539068565.
 */
const STATES: Record<string, Coded> = Object.fromEntries(
  (
    [
      ['JAMMU AND KASHMIR', '1', 2],
      ['HIMACHAL PRADESH', '2', 3],
      ['PUNJAB', '3', 0],
      ['CHANDIGARH', '4', 4],
      ['UTTARAKHAND', '5', 5],
      ['HARYANA', '6', 0],
      ['DELHI', '7', 6],
      ['RAJASTHAN', '8', 7],
      ['UTTAR PRADESH', '9', 8],
      ['BIHAR', '10', 9],
      ['SIKKIM', '11', 10],
      ['ARUNACHAL PRADESH', '12', 11],
      ['NAGALAND', '13', 12],
      ['MANIPUR', '14', 13],
      ['MIZORAM', '15', 14],
      ['TRIPURA', '16', 15],
      ['MEGHALAYA', '17', 16],
      ['ASSAM', '18', 17],
      ['WEST BENGAL', '19', 18],
      ['JHARKHAND', '20', 19],
      ['ODISHA', '21', 20],
      ['CHHATTISGARH', '22', 21],
      ['MADHYA PRADESH', '23', 22],
      ['GUJARAT', '24', 23],
      ['DADRA AND NAGAR HAVELI AND DAMAN AND DIU', '26', 24],
      ['MAHARASHTRA', '27', 25],
      ['KARNATAKA', '29', 27],
      ['GOA', '30', 28],
      ['LAKSHADWEEP', '31', 29],
      ['KERALA', '32', 30],
      ['TAMIL NADU', '33', 31],
      ['PUDUCHERRY', '34', 32],
      ['ANDAMAN AND NICOBAR ISLANDS', '35', 33],
      ['TELANGANA', '36', 34],
      ['ANDHRA PRADESH', '37', 35],
      ['LADAKH', '38', 36],
    ] as const
  ).map(([name, code, line]) => [
    name,
    {
      code,
      source: line
        ? `${LYIK_NSDL}/mapping_json_files/states.json:${line}`
        : `${IDX_NSDL_HARMONISED}: WHEN UPPER(source_state) = '${name}' THEN '${code}'`,
    },
  ]),
);
/** Spellings the address sources use for the same state. */
const STATE_ALIASES: Record<string, string> = {
  ORISSA: 'ODISHA',
  CHATTISGARH: 'CHHATTISGARH',
  'NCT OF DELHI': 'DELHI',
  'NEW DELHI': 'DELHI',
  LAKSHWADEEP: 'LAKSHADWEEP',
  PONDICHERRY: 'PUDUCHERRY',
  'DAMAN AND DIU': 'DADRA AND NAGAR HAVELI AND DAMAN AND DIU',
  'DADRA AND NAGAR HAVELI': 'DADRA AND NAGAR HAVELI AND DAMAN AND DIU',
};

/** A state's code from its name as the address gives it ('Maharashtra', 'Andaman & Nicobar Islands'); null if unknown. */
export function stateCode(name: string): Coded | null {
  const key = name.toUpperCase().replace(/&/g, 'AND').replace(/\s+/g, ' ').trim();
  return STATES[STATE_ALIASES[key] ?? key] ?? null;
}

const relations = (codes: Record<Relation, string>): Record<Relation, Coded> =>
  Object.fromEntries(Object.entries(codes).map(([k, code]) => [k, { code, source: NO_PUBLIC_SOURCE }])) as Record<
    Relation,
    Coded
  >;

/** CDSL harmonised BO file (ISO tags). */
export const CDSL_CODES = {
  version: DEPOSITORY_CODES_VERSION,
  gender: {
    M: { code: 'MALE', source: `${LYIK_CDSL}/test.json:1 (FH record, "Gndr":"MALE")` },
    F: {
      code: 'FMALE',
      source: `${LYIK_CDSL}/cdsl_demat_utilities/utility.py gender_value() Gender.FMALE; ${IDX_NSDL_HARMONISED} 'FMALE'`,
    },
    T: { code: 'TRGEN', source: `${LYIK_CDSL}/cdsl_demat_utilities/utility.py gender_value() Gender.TRGEN` },
  } satisfies Record<Gender, Coded>,
  income: {
    lt_1: {
      code: 'UPT1L',
      source: `${LYIK_CDSL}/test.json:1 ("GrssAnlIncmRg":"UPT1L"); utility.py gross_income_value()`,
    },
    '1_5': { code: '1LT5L', source: `${LYIK_CDSL}/cdsl_demat_utilities/utility.py gross_income_value() _1LT5L` },
    '5_10': { code: '5LTXL', source: `${LYIK_CDSL}/cdsl_demat_utilities/utility.py gross_income_value() _5LTXL` },
    '10_15': {
      code: 'XLTXXV',
      source: `${LYIK_CDSL}/cdsl_demat_utilities/utility.py gross_income_value() XLTXXV (10-25 lakh)`,
    },
    '10_25': { code: 'XLTXXV', source: `${LYIK_CDSL}/cdsl_demat_utilities/utility.py gross_income_value() XLTXXV` },
    gt_25: { code: '25T1CR', source: `${LYIK_CDSL}/cdsl_demat_utilities/utility.py gross_income_value() _25T1CR` },
  } satisfies Record<Income, Coded>,
  occupation: {
    public_sector: {
      code: 'PUS',
      source: `${LYIK_CDSL}/cdsl_demat_utilities/utility.py occupation_value() PUBLIC_SECTOR`,
    },
    private_sector: { code: 'PRS', source: `${LYIK_CDSL}/test.json:1 ("Ocptn":"PRS"); utility.py occupation_value()` },
    government_sector: {
      code: 'GOV',
      source: `${LYIK_CDSL}/cdsl_demat_utilities/utility.py occupation_value() GOVT_SERVICE`,
    },
    business: { code: 'BUS', source: `${LYIK_CDSL}/cdsl_demat_utilities/utility.py occupation_value() BUSINESS` },
    professional: {
      code: 'PRO',
      source: `${LYIK_CDSL}/cdsl_demat_utilities/utility.py occupation_value() PROFESSIONAL`,
    },
    agriculturist: {
      code: 'FAR',
      source: `${LYIK_CDSL}/cdsl_demat_utilities/utility.py occupation_value() AGRICULTURIST`,
    },
    retired: { code: 'RET', source: `${LYIK_CDSL}/cdsl_demat_utilities/utility.py occupation_value() RETIRED` },
    housewife: { code: 'HOU', source: `${LYIK_CDSL}/cdsl_demat_utilities/utility.py occupation_value() HOUSE_WIFE` },
    student: { code: 'STU', source: `${LYIK_CDSL}/cdsl_demat_utilities/utility.py occupation_value() STUDENT` },
    others: { code: 'OTH', source: `${LYIK_CDSL}/cdsl_demat_utilities/utility.py occupation_value() OTHERS` },
  } satisfies Record<Occupation, Coded>,
  /** RltshWthBnfclOwnr: CDSL's values live in its Standard_value_list, which no public source gives. */
  relation: relations({
    Spouse: 'SPOUSE',
    Son: 'SON',
    Daughter: 'DAUGHTER',
    Father: 'FATHER',
    Mother: 'MOTHER',
    Brother: 'BROTHER',
    Sister: 'SISTER',
    Others: 'OTHERS',
  }),
  /** FmlyFlgForEmailAdr/FmlyFlgForMobNbOf: 'NO' is public; the codes for a family member's are not. */
  family: {
    none: { code: 'NO', source: `${IDX_NSDL_HARMONISED}: 'NO' AS holder_fmlyflgforemailadr` },
    spouse: { code: 'SPOUSE', source: NO_PUBLIC_SOURCE },
    dependent_child: { code: 'DPCHLD', source: NO_PUBLIC_SOURCE },
    dependent_parent: { code: 'DPPRNT', source: NO_PUBLIC_SOURCE },
  } satisfies Record<FamilyRelation | 'none', Coded>,
  panVerification: {
    seeded: {
      code: 'PANVAL',
      source: `${LYIK_CDSL}/cdsl_demat_utilities/utility.py pan_verification_flag() aadhaar_pan_seed_status YES`,
    },
    notSeeded: {
      code: 'PANVNS',
      source: `${LYIK_CDSL}/cdsl_demat_utilities/utility.py pan_verification_flag() aadhaar_pan_seed_status NO`,
    },
  },
  bsda: {
    yes: { code: 'BSDA', source: `${LYIK_CDSL}/cdsl_demat_utilities/utility.py bsda_flag_value() bsda YES` },
    no: { code: 'NBSD', source: `${LYIK_CDSL}/cdsl_demat_utilities/utility.py bsda_flag_value() bsda NO` },
  },
  /** Yes/no flags are spelt out in the harmonised file. */
  flag: {
    yes: { code: 'YES', source: `${LYIK_CDSL}/test.json:1 (NM record, "NmnorGrdnAddPrsnt":"YES")` },
    no: { code: 'NO', source: `${LYIK_CDSL}/test.json:1 (NM record, "FlgForShrPctgEqlty":"NO")` },
  },
  bankAccountType: {
    savings: { code: 'SVG', source: `${IDX_NSDL_HARMONISED}: 'SAVINGS' THEN 'SVG'` },
    current: { code: 'CUR', source: `${IDX_NSDL_HARMONISED}: 'CURRENT' THEN 'CUR'` },
  },
} as const;

/** NSDL Account Opening API for Participants (JSON). */
export const NSDL_CODES = {
  version: DEPOSITORY_CODES_VERSION,
  gender: {
    M: { code: '1', source: `${LYIK_NSDL}/mapping_json_files/gender.json:2` },
    F: { code: '2', source: `${LYIK_NSDL}/mapping_json_files/gender.json:3` },
    T: { code: '3', source: `${LYIK_NSDL}/mapping_json_files/gender.json:4` },
  } satisfies Record<Gender, Coded>,
  income: {
    lt_1: { code: '01', source: `${LYIK_NSDL}/mapping_json_files/gross_anual_income.json:2` },
    '1_5': { code: '02', source: `${LYIK_NSDL}/mapping_json_files/gross_anual_income.json:3` },
    '5_10': { code: '03', source: `${LYIK_NSDL}/mapping_json_files/gross_anual_income.json:4` },
    '10_15': { code: '04', source: `${LYIK_NSDL}/mapping_json_files/gross_anual_income.json:5 (10-25 Lacs)` },
    '10_25': { code: '04', source: `${LYIK_NSDL}/mapping_json_files/gross_anual_income.json:5` },
    gt_25: { code: '05', source: `${LYIK_NSDL}/mapping_json_files/gross_anual_income.json:6` },
  } satisfies Record<Income, Coded>,
  /** NSDL's own list (Service, Student, Housewife, Landlord, Business, Professional, Agriculture, Others). */
  occupation: {
    public_sector: { code: '1', source: `${LYIK_NSDL}/nsdl_mapping_json_files/occupation.json:2 (Service)` },
    private_sector: {
      code: '1',
      source: `${LYIK_NSDL}/nsdl_mapping_json_files/occupation.json:2 (Service; the plugin's PRIVATE_SECTOR alias to 6 on line 8 is not followed)`,
    },
    government_sector: { code: '1', source: `${LYIK_NSDL}/nsdl_mapping_json_files/occupation.json:2 (Service)` },
    student: { code: '2', source: `${LYIK_NSDL}/nsdl_mapping_json_files/occupation.json:3` },
    housewife: { code: '3', source: `${LYIK_NSDL}/nsdl_mapping_json_files/occupation.json:4` },
    business: { code: '5', source: `${LYIK_NSDL}/nsdl_mapping_json_files/occupation.json:6` },
    professional: { code: '6', source: `${LYIK_NSDL}/nsdl_mapping_json_files/occupation.json:7` },
    agriculturist: { code: '7', source: `${LYIK_NSDL}/nsdl_mapping_json_files/occupation.json:9` },
    retired: {
      code: '8',
      source: `${LYIK_NSDL}/nsdl_mapping_json_files/occupation.json:10 (Others: no Retired in the list)`,
    },
    others: { code: '8', source: `${LYIK_NSDL}/nsdl_mapping_json_files/occupation.json:10` },
  } satisfies Record<Occupation, Coded>,
  /**
   * relationWithNominee / guardianRelationship: two digits (demat_paload.json:84 "01", :121 "07"),
   * but no public source gives what each code means.
   */
  relation: relations({
    Spouse: '01',
    Son: '02',
    Daughter: '03',
    Father: '04',
    Mother: '05',
    Brother: '06',
    Sister: '07',
    Others: '99',
  }),
  country: { IN: { code: '356', source: `${LYIK_NSDL}/demat_paload.json:32` } },
  addressType: {
    correspondence: { code: '1', source: `${LYIK_NSDL}/demat_paload.json:24` },
    bank: { code: '2', source: `${LYIK_NSDL}/demat_paload.json:139` },
    nominee: { code: '3', source: `${LYIK_NSDL}/demat_paload.json:86` },
    permanent: { code: '4', source: `${LYIK_NSDL}/demat_paload.json:35` },
    guardian: { code: '6', source: `${LYIK_NSDL}/demat_paload.json:109` },
  },
  bankAccountType: {
    savings: { code: '10', source: `${LYIK_NSDL}/demat_paload.json:137` },
    current: { code: '11', source: NO_PUBLIC_SOURCE },
  },
} as const;
