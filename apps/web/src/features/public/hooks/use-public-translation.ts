/**
 * useTranslation for the public pages, with a check that every key exists in the current
 * language itself (not only through the English fallback). Missing keys are recorded on
 * window.__missingI18n so that browser tests can prove each page is complete in every language.
 */
import { useCallback } from 'react';
import { useTranslation } from '../../../i18n/use-translation';

export type PublicNamespace = 'public' | 'faq';

declare global {
  interface Window {
    __missingI18n?: string[];
  }
}

function recordMissing(entry: string) {
  const list = (window.__missingI18n ??= []);
  if (!list.includes(entry)) list.push(entry);
}

export function usePublicTranslation(ns: PublicNamespace = 'public') {
  const { t, i18n } = useTranslation(ns);
  const lng = i18n.language;
  const check = useCallback(
    (key: string) => {
      if (!i18n.exists(key, { ns, lngs: [lng] })) recordMissing(`${lng}:${ns}:${key}`);
    },
    [i18n, ns, lng],
  );
  /** A string. */
  const text = useCallback(
    (key: string, values?: Record<string, string | number>) => {
      check(key);
      return t(key, values ?? {});
    },
    [t, check],
  );
  /** A structured value (list of sections, questions...). */
  const list = useCallback(
    <T>(key: string, values?: Record<string, string | number>): T[] => {
      check(key);
      const v: unknown = t(key, { ...values, returnObjects: true });
      return Array.isArray(v) ? (v as T[]) : [];
    },
    [t, check],
  );
  return { t: text, list, lng, i18n };
}
