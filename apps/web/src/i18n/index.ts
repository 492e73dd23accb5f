/**
 * i18next with the five languages of section 1 (en, hi, be, gu, mar). Catalogues are one JSON
 * file per language and namespace (locales/<lang>/<namespace>.json), loaded on demand so a page
 * only downloads its own strings. The choice persists in localStorage; on the first visit the
 * browser's languages decide (a Hindi phone gets Hindi).
 */
import { isLanguage, LANGUAGE_TAGS, LANGUAGES, type Language, languageOfTag } from '@ekyc/contracts/constants';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';

const catalogues = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');
const LANGUAGE_KEY = 'ekyc.lang';

const backend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    // English messages are the contract's own text (MSG): nothing to download, t() falls back to it
    if (language === 'en' && namespace === 'messages') return callback(null, {});
    const load = catalogues[`./locales/${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    load().then(
      (m) => callback(null, m.default),
      (err: Error) => callback(err, null),
    );
  },
};

export function storedLanguage(): Language {
  try {
    const v = localStorage.getItem(LANGUAGE_KEY);
    if (isLanguage(v)) return v;
  } catch {
    // no storage
  }
  return browserLanguage();
}

/** The first of the browser's languages the app has (hi-IN → hi, bn → be, mr → mar); else English. */
export function browserLanguage(): Language {
  const tags = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of tags) {
    const language = languageOfTag(tag ?? '');
    if (language) return language;
  }
  return 'en';
}

/** The server paints the page title in this language before the app loads. */
function rememberForServer(language: Language) {
  document.cookie = `ekyc_lang=${language}; path=/; max-age=31536000; samesite=lax`;
}

export function setLanguage(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // no storage
  }
  document.documentElement.lang = LANGUAGE_TAGS[language];
  rememberForServer(language);
  return i18n.changeLanguage(language);
}

export function initI18n() {
  const lng = storedLanguage();
  document.documentElement.lang = LANGUAGE_TAGS[lng];
  rememberForServer(lng);
  return i18n
    .use(backend)
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      ns: ['common', 'messages'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
}

export { i18n };
