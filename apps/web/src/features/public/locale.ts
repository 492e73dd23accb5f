import { isLanguage, type Language, localeOf } from '@ekyc/contracts/constants';

/** The Intl locale of each app language (the app's codes be and mar are not BCP 47). */
export const dateLocale = (lng: string) => localeOf(isLanguage(lng) ? lng : 'en');

/** A YYYY-MM-DD date of a content file in the visitor's language ('2 December 2026'). */
export const formatIsoDate = (lng: string, iso: string, options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }) =>
  new Intl.DateTimeFormat(dateLocale(lng), { ...options, timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

/** Today's date in India as YYYY-MM-DD, to compare with the dates of the content files. */
export const todayInIndia = (now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);

/** A text of a content file in the visitor's language (the schema requires all five). */
export const inLanguage = (text: Record<Language, string>, lng: string) => (isLanguage(lng) ? text[lng] : text.en);
