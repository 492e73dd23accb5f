/**
 * The charge schedule of spec section 9 as one typed table, and the pure calculators built on it.
 * Money is integer paise throughout (no floating-point rupees); percentages are basis points
 * (1 bp = 0.01 %), so 0.010 % is 1 bp and 0.03 % is 3 bp. Rounding is to the nearest paisa,
 * half up, once, at the end of each calculation.
 */

/** Integer paise. */
export type Paise = number;

/** Rupees to paise. */
export const rs = (rupees: number): Paise => Math.round(rupees * 100);

/** GST on the charges the schedule marks 'plus tax' or 'plus GST'. */
export const GST_RATE_PERCENT = 18;
const GST_RATE_BP = GST_RATE_PERCENT * 100;

/** value x rate (basis points), rounded to the nearest paisa. */
export const percentOf = (value: Paise, rateBp: number): Paise => Math.round((value * rateBp) / 10_000);

export const gstOn = (amount: Paise): Paise => percentOf(amount, GST_RATE_BP);

/** A charge before and after GST. */
export interface ChargeAmount {
  charge: Paise;
  gst: Paise;
  total: Paise;
}

const amount = (charge: Paise, plusGst: boolean): ChargeAmount => {
  const gst = plusGst ? gstOn(charge) : 0;
  return { charge, gst, total: charge + gst };
};

/** How a charge is worked out. Each variant is one shape of rule the schedule uses. */
export type ChargeRule =
  | { type: 'nil' }
  | { type: 'flat'; amount: Paise; unit: 'order' | 'transaction' | 'request' | 'script' }
  /** An annual maintenance charge paid once per block of years (null: once for life). */
  | { type: 'per-years'; amount: Paise; years: number | null }
  /** Free in the first year, then a monthly fee. */
  | { type: 'monthly-from-year'; monthly: Paise; fromYear: number }
  | { type: 'per-certificate-capped'; perCertificate: Paise; cap: Paise }
  /** The higher of a per-lot rate and a per-certificate rate. */
  | { type: 'higher-of-lot-or-certificate'; perLot: Paise; lotSize: number; perCertificate: Paise }
  /** The higher of a minimum and a percentage of the value. */
  | { type: 'higher-of-minimum-or-percent'; minimum: Paise; rateBp: number }
  | { type: 'first-free'; amount: Paise; free: number }
  | { type: 'interest'; ratePercentPerYear: number; afterYears: number };

export type ChargeGroup = 'account' | 'amc' | 'brokerage' | 'depository' | 'penalty';

export interface ChargeRow {
  id: ChargeId;
  group: ChargeGroup;
  rule: ChargeRule;
  /** The schedule says 'plus tax' or 'plus GST'. */
  plusGst: boolean;
  /** Courier charged on top, per request. */
  courier?: Paise;
}

export const CHARGE_IDS = [
  'accountOpening',
  'amcNormal',
  'amcFiveYear',
  'amcLifetime',
  'amcDiscounted',
  'brokerageFutures',
  'brokerageOptions',
  'brokerageCurrency',
  'brokerageDelivery',
  'dematRequest',
  'dematRejection',
  'remat',
  'debitTransaction',
  'pledgeCreation',
  'disBook',
  'offMarketTransfer',
  'perScript15',
  'perScript20',
  'latePaymentPenalty',
] as const;
export type ChargeId = (typeof CHARGE_IDS)[number];

/** Section 9, line by line, in the order the schedule shows it. */
export const CHARGE_SCHEDULE: readonly ChargeRow[] = [
  { id: 'accountOpening', group: 'account', rule: { type: 'nil' }, plusGst: false },
  { id: 'amcNormal', group: 'amc', rule: { type: 'per-years', amount: rs(400), years: 1 }, plusGst: true },
  { id: 'amcFiveYear', group: 'amc', rule: { type: 'per-years', amount: rs(499), years: 5 }, plusGst: true },
  { id: 'amcLifetime', group: 'amc', rule: { type: 'per-years', amount: rs(999), years: null }, plusGst: true },
  {
    id: 'amcDiscounted',
    group: 'amc',
    rule: { type: 'monthly-from-year', monthly: rs(20), fromYear: 2 },
    plusGst: true,
  },
  { id: 'brokerageFutures', group: 'brokerage', rule: { type: 'flat', amount: rs(20), unit: 'order' }, plusGst: false },
  { id: 'brokerageOptions', group: 'brokerage', rule: { type: 'flat', amount: rs(20), unit: 'order' }, plusGst: false },
  {
    id: 'brokerageCurrency',
    group: 'brokerage',
    rule: { type: 'flat', amount: rs(20), unit: 'order' },
    plusGst: false,
  },
  { id: 'brokerageDelivery', group: 'brokerage', rule: { type: 'nil' }, plusGst: false },
  {
    id: 'dematRequest',
    group: 'depository',
    rule: { type: 'per-certificate-capped', perCertificate: rs(3), cap: rs(350) },
    plusGst: false,
    courier: rs(35),
  },
  {
    id: 'dematRejection',
    group: 'depository',
    rule: { type: 'flat', amount: rs(20), unit: 'request' },
    plusGst: false,
    courier: rs(35),
  },
  {
    id: 'remat',
    group: 'depository',
    rule: { type: 'higher-of-lot-or-certificate', perLot: rs(20), lotSize: 100, perCertificate: rs(20) },
    plusGst: false,
  },
  {
    id: 'debitTransaction',
    group: 'depository',
    rule: { type: 'higher-of-minimum-or-percent', minimum: rs(25), rateBp: 1 },
    plusGst: false,
  },
  {
    id: 'pledgeCreation',
    group: 'depository',
    rule: { type: 'flat', amount: rs(50), unit: 'transaction' },
    plusGst: false,
  },
  { id: 'disBook', group: 'depository', rule: { type: 'first-free', amount: rs(50), free: 1 }, plusGst: false },
  {
    id: 'offMarketTransfer',
    group: 'depository',
    rule: { type: 'higher-of-minimum-or-percent', minimum: rs(25), rateBp: 3 },
    plusGst: false,
  },
  // Section 9 lists these two per-script charges without naming the service they belong to.
  { id: 'perScript15', group: 'depository', rule: { type: 'flat', amount: rs(15), unit: 'script' }, plusGst: true },
  { id: 'perScript20', group: 'depository', rule: { type: 'flat', amount: rs(20), unit: 'script' }, plusGst: true },
  {
    id: 'latePaymentPenalty',
    group: 'penalty',
    rule: { type: 'interest', ratePercentPerYear: 13, afterYears: 1 },
    plusGst: false,
  },
];

export const CHARGE_GROUPS: readonly ChargeGroup[] = ['account', 'amc', 'brokerage', 'depository', 'penalty'];

/** One row of the table by id (every id has exactly one row). */
export function chargeRow<I extends ChargeId>(id: I): ChargeRow {
  const row = CHARGE_SCHEDULE.find((r) => r.id === id);
  if (!row) throw new Error(`no charge row ${id}`);
  return row;
}

function ruleOf<T extends ChargeRule['type']>(id: ChargeId, type: T): Extract<ChargeRule, { type: T }> {
  const { rule } = chargeRow(id);
  if (rule.type !== type) throw new Error(`charge ${id} is ${rule.type}, not ${type}`);
  return rule as Extract<ChargeRule, { type: T }>;
}

/** Notes of section 9 that are dates and terms rather than amounts. */
export const CHARGE_NOTES = {
  revisionNoticeDays: 30,
  stampDutyRemovedOn: '2020-07-01',
} as const;

/** Basic services demat account (BSDA) slabs, by the value of holdings (section 9). */
export const BSDA_NIL_UP_TO: Paise = rs(50_000);
export const BSDA_REDUCED_UP_TO: Paise = rs(2_00_000);
export const BSDA_REDUCED_CHARGE: Paise = rs(500);
export type BsdaSlab = 'nil' | 'reduced' | 'regular';

/** Minimum upfront margin in the cash segment (section 9). */
export const MIN_UPFRONT_MARGIN_CASH_BP = 20 * 100;

// ---------------------------------------------------------------- calculators

export type BrokerageSegment = 'futures' | 'options' | 'currency' | 'delivery';
export const BROKERAGE_SEGMENTS: readonly BrokerageSegment[] = ['futures', 'options', 'currency', 'delivery'];
const BROKERAGE_ROW: Record<BrokerageSegment, ChargeId> = {
  futures: 'brokerageFutures',
  options: 'brokerageOptions',
  currency: 'brokerageCurrency',
  delivery: 'brokerageDelivery',
};

const assertCount = (n: number, name: string) => {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`${name} must be a whole number of 0 or more`);
};
const assertValue = (v: Paise, name: string) => {
  if (!Number.isFinite(v) || v < 0) throw new RangeError(`${name} must be 0 or more`);
};

/** Brokerage for a number of executed orders in one segment: flat per order, nil on delivery. */
export function brokerageForOrders(segment: BrokerageSegment, orders = 1): ChargeAmount {
  assertCount(orders, 'orders');
  const row = chargeRow(BROKERAGE_ROW[segment]);
  const perOrder = row.rule.type === 'flat' ? row.rule.amount : 0;
  return amount(perOrder * orders, row.plusGst);
}

/** The cash the client must put up front for a cash-segment order (20 % of its value). */
export function minimumUpfrontMargin(orderValue: Paise): Paise {
  assertValue(orderValue, 'order value');
  return percentOf(orderValue, MIN_UPFRONT_MARGIN_CASH_BP);
}

export type AmcPlan = 'normal' | 'fiveYear' | 'lifetime' | 'discounted';
export const AMC_PLANS: readonly AmcPlan[] = ['normal', 'fiveYear', 'lifetime', 'discounted'];
const AMC_ROW: Record<AmcPlan, ChargeId> = {
  normal: 'amcNormal',
  fiveYear: 'amcFiveYear',
  lifetime: 'amcLifetime',
  discounted: 'amcDiscounted',
};

/**
 * Annual maintenance paid over the first `years` years of the account under one plan:
 * normal 400 every year; five-year 499 for each block of five years begun; lifetime 999 once;
 * discounted nothing in the first year, then 20 a month. GST on top of each.
 */
export function amcOverYears(plan: AmcPlan, years: number): ChargeAmount {
  assertCount(years, 'years');
  const row = chargeRow(AMC_ROW[plan]);
  const { rule } = row;
  let charge = 0;
  if (years > 0) {
    if (rule.type === 'per-years')
      charge = rule.years === null ? rule.amount : rule.amount * Math.ceil(years / rule.years);
    else if (rule.type === 'monthly-from-year') charge = rule.monthly * 12 * Math.max(0, years - (rule.fromYear - 1));
  }
  return amount(charge, row.plusGst);
}

/** Which BSDA slab a holding value falls in: up to 50,000; above that to 2 lakh; above 2 lakh. */
export function bsdaSlab(holdingValue: Paise): BsdaSlab {
  assertValue(holdingValue, 'holding value');
  if (holdingValue <= BSDA_NIL_UP_TO) return 'nil';
  if (holdingValue <= BSDA_REDUCED_UP_TO) return 'reduced';
  return 'regular';
}

/** The yearly BSDA charge for a holding value; above 2 lakh the regular AMC (400 plus tax) applies. */
export function bsdaAnnualCharge(holdingValue: Paise): ChargeAmount & { slab: BsdaSlab } {
  const slab = bsdaSlab(holdingValue);
  if (slab === 'nil') return { slab, ...amount(0, false) };
  if (slab === 'reduced') return { slab, ...amount(BSDA_REDUCED_CHARGE, false) };
  return { slab, ...amcOverYears('normal', 1) };
}

/** Demat request: 3 per certificate up to 350, plus 35 courier. */
export function dematRequestCharge(certificates: number): ChargeAmount & { courier: Paise } {
  assertCount(certificates, 'certificates');
  const row = chargeRow('dematRequest');
  const rule = ruleOf('dematRequest', 'per-certificate-capped');
  const courier = certificates > 0 ? (row.courier ?? 0) : 0;
  const charge = Math.min(rule.perCertificate * certificates, rule.cap) + courier;
  return { courier, ...amount(charge, row.plusGst) };
}

/** A rejected demat request: 20 plus 35 courier. */
export function dematRejectionCharge(): ChargeAmount & { courier: Paise } {
  const row = chargeRow('dematRejection');
  const rule = ruleOf('dematRejection', 'flat');
  const courier = row.courier ?? 0;
  return { courier, ...amount(rule.amount + courier, row.plusGst) };
}

/**
 * Remat: 20 for every 100 securities (or part of 100) or a flat 20 per certificate, whichever is
 * higher. `basis` tells which side applied.
 */
export function rematCharge(
  securities: number,
  certificates: number,
): ChargeAmount & { basis: 'securities' | 'certificates'; bySecurities: Paise; byCertificates: Paise } {
  assertCount(securities, 'securities');
  assertCount(certificates, 'certificates');
  const rule = ruleOf('remat', 'higher-of-lot-or-certificate');
  const bySecurities = rule.perLot * Math.ceil(securities / rule.lotSize);
  const byCertificates = rule.perCertificate * certificates;
  const basis = bySecurities >= byCertificates ? 'securities' : 'certificates';
  return { basis, bySecurities, byCertificates, ...amount(Math.max(bySecurities, byCertificates), false) };
}

function higherOfMinimumOrPercent(id: 'debitTransaction' | 'offMarketTransfer', value: Paise) {
  assertValue(value, 'transaction value');
  const rule = ruleOf(id, 'higher-of-minimum-or-percent');
  const byPercent = percentOf(value, rule.rateBp);
  const basis: 'minimum' | 'percent' = byPercent > rule.minimum ? 'percent' : 'minimum';
  return { basis, byPercent, minimum: rule.minimum, ...amount(Math.max(byPercent, rule.minimum), false) };
}

/** Debit transaction: 0.010 % of the value or 25, whichever is higher. */
export const debitTransactionCharge = (value: Paise) => higherOfMinimumOrPercent('debitTransaction', value);

/** Off-market transfer: 0.03 % of the value or 25, whichever is higher. */
export const offMarketTransferCharge = (value: Paise) => higherOfMinimumOrPercent('offMarketTransfer', value);

/** Pledge creation: 50 per transaction. */
export function pledgeCreationCharge(transactions = 1): ChargeAmount {
  assertCount(transactions, 'transactions');
  return amount(ruleOf('pledgeCreation', 'flat').amount * transactions, false);
}

/** Delivery instruction slip books: the first is free, each later one 50. */
export function disBookCharge(books: number): ChargeAmount {
  assertCount(books, 'books');
  const rule = ruleOf('disBook', 'first-free');
  return amount(rule.amount * Math.max(0, books - rule.free), false);
}

/** Rupees for display, e.g. 2500 paise -> '25', 1234567 -> '12,345.67' (Indian grouping). */
export function formatRupees(value: Paise, locale = 'en-IN'): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(value / 100);
}
