/** Dates travel as dd/mm/yyyy (section 5). These helpers never depend on the local time zone. */
export interface DayDate {
  day: number;
  month: number;
  year: number;
}

export function parseDdMmYyyy(value: string): DayDate | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!m) return null;
  const day = Number(m[1]);
  const month = Number(m[2]);
  const year = Number(m[3]);
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  if (year < 1900) return null;
  return { day, month, year };
}

export function formatDdMmYyyy(d: DayDate): string {
  return `${String(d.day).padStart(2, '0')}/${String(d.month).padStart(2, '0')}/${d.year}`;
}

export function todayOf(now: Date = new Date()): DayDate {
  // India Standard Time is UTC+05:30: the applicant's "today".
  const ist = new Date(now.getTime() + 330 * 60 * 1000);
  return { day: ist.getUTCDate(), month: ist.getUTCMonth() + 1, year: ist.getUTCFullYear() };
}

export function compareDays(a: DayDate, b: DayDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** Whole years between a date of birth and a day. */
export function ageOn(dob: DayDate, on: DayDate): number {
  let age = on.year - dob.year;
  if (on.month < dob.month || (on.month === dob.month && on.day < dob.day)) age -= 1;
  return age;
}

/** ISO yyyy-mm-dd (from a date input) to dd/mm/yyyy. */
export function isoToDdMmYyyy(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

export function ddMmYyyyToIso(value: string): string {
  const d = parseDdMmYyyy(value);
  return d ? `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}` : '';
}
