/**
 * i18next with the five languages of section 1 (en, hi, be, gu, mar). Catalogues are one JSON
 * file per language and namespace (locales/<lang>/<namespace>.json), loaded on demand so a page
 * only downloads its own strings. The choice persists in localStorage.
 */
import { LANGUAGES, type Language } from '@ekyc/contracts/constants';
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
    if (v && (LANGUAGES as readonly string[]).includes(v)) return v as Language;
  } catch {
    // no storage
  }
  return 'en';
}

const HTML_LANG: Record<Language, string> = { en: 'en', hi: 'hi', be: 'bn', gu: 'gu', mar: 'mr' };

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
  document.documentElement.lang = HTML_LANG[language];
  rememberForServer(language);
  return i18n.changeLanguage(language);
}

export function initI18n() {
  const lng = storedLanguage();
  document.documentElement.lang = HTML_LANG[lng];
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
