import { isLanguage, localeOf } from '@ekyc/contracts/constants';
/** Dates and durations as staff read them (Indian Standard Time, the broker's business day). */

export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(isLanguage(language) ? language : 'en'), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(iso));
}

export function durationParts(seconds: number): { unit: 's' | 'm' | 'h' | 'd'; n: number } {
  if (seconds < 90) return { unit: 's', n: Math.round(seconds) };
  if (seconds < 90 * 60) return { unit: 'm', n: Math.round(seconds / 60) };
  if (seconds < 36 * 3600) return { unit: 'h', n: Math.round((seconds / 3600) * 10) / 10 };
  return { unit: 'd', n: Math.round((seconds / 86400) * 10) / 10 };
}
