/**
 * The schemas of the operator's content files (one JSON file per public page whose facts the
 * broker must keep current; docs/content.md). The build checks every file against its schema
 * (vite.config.ts), so a wrong date or a missing translation stops the build instead of reaching
 * a visitor; the pages read the JSON as it is and ship no validator.
 *
 * Closed lists are checked here but typed as string, so that a JSON import (whose strings TypeScript
 * widens) is assignable to the inferred type without a cast.
 */
// by its path: the build's config (vite.config.ts) loads this file, and bundles only relative imports
import { LANGUAGES } from '../../../../../../packages/contracts/src/constants.ts';
import { z } from 'zod';

const text = z.string().trim().min(1);
const oneOf = (values: readonly string[]) =>
  z.string().refine((v) => values.includes(v), { message: `expected one of: ${values.join(', ')}` });

/** A calendar date written YYYY-MM-DD (a real date: 2026-02-30 is refused). */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD')
  .refine((v) => new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'not a calendar date');

/** A visible text in each of the site's five languages. */
export const localizedSchema = z.strictObject(
  Object.fromEntries(LANGUAGES.map((l) => [l, text])) as Record<(typeof LANGUAGES)[number], typeof text>,
);
export type Localized = z.infer<typeof localizedSchema>;

/** An Indian number as dialled from a mobile: +91 and ten digits, or a 1800/1860 toll-free number. */
const phoneSchema = z
  .string()
  .regex(/^(\+91( ?\d){10}|18[06]0( ?\d){6,7})$/, 'expected +91 and ten digits, or an 1800/1860 number');
const emailSchema = z.email();
const httpsUrlSchema = z.url({ protocol: /^https$/ });
const weekday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();
const isWeekend = (iso: string) => weekday(iso) === 0 || weekday(iso) === 6;
const sorted = (dates: string[]) => dates.every((d, i) => i === 0 || dates[i - 1]! < d);
const unique = (values: string[]) => new Set(values).size === values.length;

// ---- /pages/upcoming-ipo

export const IPO_EXCHANGES = ['NSE', 'BSE', 'NSE Emerge', 'BSE SME'] as const;
export const IPO_BOARDS = ['mainboard', 'sme'] as const;

const ipoSchema = z
  .strictObject({
    name: text,
    board: oneOf(IPO_BOARDS),
    exchanges: z.array(oneOf(IPO_EXCHANGES)).min(1),
    opens: isoDateSchema,
    closes: isoDateSchema,
    listing: isoDateSchema.optional(),
    priceBand: z.strictObject({ low: z.number().positive(), high: z.number().positive() }),
    lotSize: z.number().int().positive(),
  })
  .refine((i) => i.opens <= i.closes, { message: 'closes before it opens', path: ['closes'] })
  .refine((i) => !i.listing || i.listing > i.closes, { message: 'lists before bidding closes', path: ['listing'] })
  .refine((i) => i.priceBand.low <= i.priceBand.high, { message: 'low above high', path: ['priceBand'] });

export const upcomingIposSchema = z.strictObject({
  /** When the operator last checked the list against the exchanges. */
  updatedOn: isoDateSchema,
  issues: z.array(ipoSchema).refine((l) => sorted(l.map((i) => `${i.opens}|${i.name}`)), 'sort by opening date'),
});
export type UpcomingIpos = z.infer<typeof upcomingIposSchema>;
export type UpcomingIpo = UpcomingIpos['issues'][number];

// ---- /pages/downloads

export const downloadsSchema = z.strictObject({
  forms: z
    .array(
      z.strictObject({
        id: z.string().regex(/^[a-z0-9-]+$/),
        /** A file under apps/web/public/downloads/, served at /downloads/<file>. */
        file: z.string().regex(/^[a-z0-9-]+\.(pdf|txt)$/, 'a lower-case file name ending .pdf or .txt'),
        revised: isoDateSchema,
        title: localizedSchema,
        description: localizedSchema,
      }),
    )
    .min(1)
    .refine((l) => unique(l.map((f) => f.id)) && unique(l.map((f) => f.file)), 'ids and files must be unique'),
});
export type Downloads = z.infer<typeof downloadsSchema>;

// ---- /pages/holidays

const holidaySchema = z.strictObject({
  date: isoDateSchema,
  occasion: localizedSchema,
  note: localizedSchema.optional(),
});

const holidayYearSchema = z
  .strictObject({
    year: z.number().int().min(2000).max(2100),
    exchange: oneOf(['NSE', 'BSE']),
    /** 'published': the exchange's circular is out and the lists below copy it. */
    status: oneOf(['published', 'to-be-published']),
    source: httpsUrlSchema,
    /** Weekdays the exchange is closed. */
    tradingHolidays: z.array(holidaySchema),
    /** Holidays that fall on a Saturday or Sunday (listed by the exchange for completeness). */
    weekendHolidays: z.array(holidaySchema),
  })
  .superRefine((y, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
    const all = [...y.tradingHolidays, ...y.weekendHolidays];
    if (y.status === 'published' && y.tradingHolidays.length === 0) issue(`${y.year}: published but no holidays`);
    if (y.status === 'to-be-published' && all.length > 0) issue(`${y.year}: holidays listed but not published`);
    for (const h of all) if (!h.date.startsWith(`${y.year}-`)) issue(`${h.date} is not in ${y.year}`);
    for (const h of y.tradingHolidays) if (isWeekend(h.date)) issue(`${h.date} is a weekend: list it as weekend`);
    for (const h of y.weekendHolidays) if (!isWeekend(h.date)) issue(`${h.date} is a weekday: list it as trading`);
    if (!sorted(y.tradingHolidays.map((h) => h.date)) || !sorted(y.weekendHolidays.map((h) => h.date)))
      issue(`${y.year}: dates out of order or repeated`);
  });

export const tradingHolidaysSchema = z.strictObject({
  years: z
    .array(holidayYearSchema)
    .min(1)
    .refine((l) => sorted(l.map((y) => String(y.year))), 'years in order, each once'),
});
export type TradingHolidays = z.infer<typeof tradingHolidaysSchema>;
export type HolidayYear = TradingHolidays['years'][number];

// ---- customer care: the footer of every page, and level 1 of the grievances page

export const supportSchema = z.strictObject({ phone: phoneSchema, email: emailSchema, hours: localizedSchema });
export type Support = z.infer<typeof supportSchema>;

// ---- /pages/grievances: the escalation matrix (and the officers other pages name)

const officerSchema = z.strictObject({
  name: text,
  designation: localizedSchema,
  phone: phoneSchema,
  email: emailSchema,
  /** Defaults to the office address. */
  address: text.optional(),
});
export type Officer = z.infer<typeof officerSchema>;

export const contactsSchema = z.strictObject({
  office: z.strictObject({ name: text, address: text }),
  /** The working hours of the officers below. */
  officeHours: localizedSchema,
  grievanceOfficer: officerSchema,
  complianceOfficer: officerSchema,
  ceo: officerSchema,
  /** The nodal officer for accessibility SEBI's accessible-KYC circulars ask brokers to name. */
  accessibilityOfficer: officerSchema,
  privacyEmail: emailSchema,
  careersEmail: emailSchema,
});
export type Contacts = z.infer<typeof contactsSchema>;

// ---- the regulators' and market bodies' portals (footer and grievances page); what each is for
// is a text of the catalogues (portals.<id> in locales/*/public.json), so a visitor downloads it
// in one language only

/** Portals the grievances page names in its steps: it cannot render without them. */
export const REQUIRED_PORTALS = ['scores', 'smart-odr'] as const;

export const marketPortalsSchema = z.strictObject({
  portals: z
    .array(
      z.strictObject({
        id: z.string().regex(/^[a-z0-9-]+$/),
        name: text,
        url: httpsUrlSchema,
      }),
    )
    .refine((l) => unique(l.map((p) => p.id)), 'ids must be unique')
    .refine(
      (l) => REQUIRED_PORTALS.every((id) => l.some((p) => p.id === id)),
      `needs ${REQUIRED_PORTALS.join(' and ')}`,
    ),
});
export type MarketPortals = z.infer<typeof marketPortalsSchema>;

/** Each content file (in this folder) and its schema. */
export const CONTENT_FILES = {
  'upcoming-ipos.json': upcomingIposSchema,
  'downloads.json': downloadsSchema,
  'trading-holidays.json': tradingHolidaysSchema,
  'support.json': supportSchema,
  'contacts.json': contactsSchema,
  'market-portals.json': marketPortalsSchema,
} as const;
export type ContentFile = keyof typeof CONTENT_FILES;

/** The problems of one content file, as lines a person can act on (empty when it is valid). */
export function contentProblems(file: ContentFile, json: string): string[] {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (err) {
    return [`${file}: not valid JSON (${(err as Error).message})`];
  }
  const result = CONTENT_FILES[file].safeParse(data);
  if (result.success) return [];
  return result.error.issues.map((i) => `${file}: ${i.path.join('.') || '(file)'}: ${i.message}`);
}
