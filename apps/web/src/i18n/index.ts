/**
 * The translator (./translator) with the five languages of section 1 (en, hi, be, gu, mar).
 * Catalogues are one JSON file per language and namespace (locales/<lang>/<namespace>.json),
 * loaded on demand so a page only downloads its own strings. The choice persists in localStorage; on the first visit the
 * browser's languages decide (a Hindi phone gets Hindi).
 */
import { isLanguage, LANGUAGE_TAGS, type Language, languageOfTag } from '@ekyc/contracts/constants';
import { type Catalogue, i18n } from './translator';

export type CatalogueFiles = Record<string, () => Promise<{ default: Record<string, unknown> }>>;

// the applicant's catalogues; the public site's, the client area's and the back office's come with
// their own code (addCatalogues), so a phone's sign-up page does not download their file names
const catalogues: CatalogueFiles = import.meta.glob<{ default: Record<string, unknown> }>([
  './locales/*/*.json',
  '!./locales/*/backoffice*.json',
  '!./locales/*/operations.json',
  '!./locales/*/registrations.json',
  '!./locales/*/service-requests.json',
  '!./locales/*/public.json',
  '!./locales/*/faq.json',
  '!./locales/*/client-area.json',
]);
const LANGUAGE_KEY = 'ekyc.lang';

/** A part of the app names its own catalogues (./backoffice-catalogues…) as its code arrives, before its first page. */
export function addCatalogues(files: CatalogueFiles): void {
  Object.assign(catalogues, files);
}

/** Downloads a catalogue; English messages are the contract's own text (MSG): t() falls back to it. */
async function loadCatalogue(language: string, namespace: string): Promise<Catalogue> {
  if (language === 'en' && namespace === 'messages') return {};
  const load = catalogues[`./locales/${language}/${namespace}.json`];
  return load ? (await load()).default : {};
}

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
  i18n.init({ lng, load: loadCatalogue });
  return i18n.loadNamespaces(['common', 'messages']);
}
