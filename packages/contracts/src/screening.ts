/**
 * Screening against lists and a risk category (SEBI's AML/CFT master circular): the lists an
 * application is screened against, the outcomes of a hit, and the risk categories. Which lists apply
 * and how the category is reached are rules of regulation.ts (`screeningLists`, `riskCategory`).
 */

/** The lists a name (and PAN, where the list gives it) is screened against. */
export const SCREENING_LISTS = ['sebi_debarred', 'un_consolidated', 'pep'] as const;
export type ScreeningList = (typeof SCREENING_LISTS)[number];

export const SCREENING_LIST_NAMES: Record<ScreeningList, string> = {
  sebi_debarred: "SEBI's debarred entities",
  un_consolidated: 'UN Security Council consolidated list',
  pep: 'Politically exposed persons (provider list)',
};

/** What matched: the PAN, the name with the date of birth, or the name where the entry has no date of birth. */
export const MATCHED_ON = ['pan', 'name_dob', 'name'] as const;
export type MatchedOn = (typeof MATCHED_ON)[number];

/** Where the screening ran. */
export const SCREENING_STEPS = ['pan', 'approval'] as const;
export type ScreeningStep = (typeof SCREENING_STEPS)[number];

/** open: waits for a reviewer; cleared: not the listed person (a note says why); confirmed: the listed person. */
export const HIT_STATUSES = ['open', 'cleared', 'confirmed'] as const;
export type HitStatus = (typeof HIT_STATUSES)[number];

export const RISK_CATEGORIES = ['low', 'medium', 'high'] as const;
export type RiskCategory = (typeof RISK_CATEGORIES)[number];

/** Why an application is in its category. */
export const RISK_FACTORS = ['pep_declared', 'screening_hit', 'occupation', 'income'] as const;
export type RiskFactor = (typeof RISK_FACTORS)[number];

/** The rules table's value for the risk category: which factors make it high, which medium; else low. */
export interface RiskCategoryRule {
  high: readonly RiskFactor[];
  medium: readonly RiskFactor[];
  /** Occupation codes (profiling lists) that count as the `occupation` factor. */
  occupations: readonly string[];
  /** Income range codes that count as the `income` factor. */
  incomes: readonly string[];
}

/** What a deceased client's flag stops (the rules table's `deceasedStops`). */
export const DECEASED_STOPS = ['registrations', 'client_area', 'approval'] as const;
export type DeceasedStop = (typeof DECEASED_STOPS)[number];
