/**
 * The app's translator: the catalogues (one JSON object per language and namespace), the language
 * shown, and t(). It does what the pages asked of i18next, in some 1 KiB instead of 15 on the
 * sign-up page's download: keys looked up through dots, a `namespace:` prefix, the current language
 * then English, plurals by `count` (`key_one`, `key_other`, chosen by the language's own rules),
 * `{{name}}` filled in as it is (React escapes), `defaultValue`, and `returnObjects` for a list.
 */
import { isLanguage, LANGUAGE_TAGS } from '@ekyc/contracts/constants';

export type Catalogue = Record<string, unknown>;
/** Downloads one language's catalogue of a namespace. */
export type CatalogueLoader = (language: string, namespace: string) => Promise<Catalogue>;

export interface TOptions {
  /** The namespace to look in, instead of the translator's own. */
  ns?: string;
  count?: number;
  defaultValue?: string;
  returnObjects?: boolean;
  [value: string]: unknown;
}

export interface TFunction {
  (key: string, options: TOptions & { returnObjects: true }): unknown;
  (key: string, options?: TOptions): string;
}

const FALLBACK = 'en';

/** `{{name}}` (or `{{ a.b }}`) in a text, replaced by the value of that name. */
function interpolate(text: string, values: TOptions): string {
  return text.replace(/\{\{([^{}]+)\}\}/g, (whole, name: string) => {
    const value = name
      .trim()
      .split('.')
      .reduce<unknown>((v, part) => (v !== null && typeof v === 'object' ? (v as Catalogue)[part] : undefined), values);
    return value === undefined || value === null ? whole : String(value as string | number);
  });
}

/** Every text of a value (a list of sections, questions…) interpolated. */
function interpolateAll(value: unknown, values: TOptions): unknown {
  if (typeof value === 'string') return interpolate(value, values);
  if (Array.isArray(value)) return value.map((v) => interpolateAll(v, values));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolateAll(v, values)]));
  return value;
}

const pluralRules = new Map<string, Intl.PluralRules>();
/** The plural form of a count in a language (hi: 0 and 1 are 'one'), by its BCP 47 tag. */
function pluralOf(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(isLanguage(language) ? LANGUAGE_TAGS[language] : language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

function createTranslator() {
  const catalogues = new Map<string, Catalogue>();
  const loading = new Map<string, Promise<void>>();
  /** The namespaces asked for so far: a change of language downloads them before it shows. */
  const used = new Set<string>();
  const listeners = new Set<() => void>();
  let language = FALLBACK;
  let loader: CatalogueLoader | undefined;
  let version = 0;

  const id = (lng: string, ns: string) => `${lng}/${ns}`;
  const changed = () => {
    version += 1;
    listeners.forEach((l) => l());
  };

  /** What a key holds in one language's catalogue of a namespace (undefined when it is not there). */
  function lookup(lng: string, ns: string, key: string): unknown {
    let value: unknown = catalogues.get(id(lng, ns));
    for (const part of key.split('.')) {
      if (value === null || typeof value !== 'object') return undefined;
      value = (value as Catalogue)[part];
    }
    return value;
  }

  /** A catalogue being downloaded, or undefined when it is here already. */
  function load(lng: string, ns: string): Promise<void> | undefined {
    const k = id(lng, ns);
    if (catalogues.has(k)) return undefined;
    if (!loader) {
      catalogues.set(k, {});
      return undefined;
    }
    let pending = loading.get(k);
    if (!pending) {
      pending = loader(lng, ns).then(
        (catalogue) => {
          catalogues.set(k, catalogue);
          changed();
        },
        () => {
          // a failed download: the page shows English (the fallback) rather than waiting for ever
          catalogues.set(k, {});
          changed();
        },
      );
      loading.set(k, pending);
    }
    return pending;
  }

  /** The same promise for the same wait, as React's use() needs across the renders it retries. */
  const waits = new Map<string, Promise<void>>();
  /** The downloads the namespaces still need in a language and in English, as one promise (or undefined). */
  function loadAll(namespaces: readonly string[], lng = language): Promise<void> | undefined {
    namespaces.forEach((ns) => used.add(ns));
    const pending = namespaces
      .flatMap((ns) => [load(lng, ns), lng === FALLBACK ? undefined : load(FALLBACK, ns)])
      .filter((p) => p !== undefined);
    if (!pending.length) return undefined;
    const k = `${lng}|${namespaces.join(' ')}`;
    let wait = waits.get(k);
    if (!wait) {
      wait = Promise.all(pending).then(() => void waits.delete(k));
      waits.set(k, wait);
    }
    return wait;
  }

  function translate(lng: string, namespaces: readonly string[], key: string, options: TOptions = {}): unknown {
    let nss = options.ns ? [options.ns] : namespaces;
    let path = key;
    const colon = key.indexOf(':');
    if (colon > 0) {
      nss = [key.slice(0, colon)];
      path = key.slice(colon + 1);
    }
    for (const l of lng === FALLBACK ? [lng] : [lng, FALLBACK])
      for (const ns of nss) {
        const plural =
          typeof options.count === 'number' ? lookup(l, ns, `${path}_${pluralOf(l, options.count)}`) : undefined;
        const value = plural ?? lookup(l, ns, path);
        if (typeof value === 'string') return interpolate(value, options);
        if (value !== undefined && value !== null && options.returnObjects) return interpolateAll(value, options);
      }
    return options.defaultValue === undefined ? path : interpolate(options.defaultValue, options);
  }

  return {
    get language() {
      return language;
    },
    /** Starts in a language with the catalogues given (tests), or with a loader that downloads them. */
    init(settings: { lng: string; resources?: Record<string, Record<string, Catalogue>>; load?: CatalogueLoader }) {
      language = settings.lng;
      loader = settings.load;
      // afresh: a test file's catalogues do not stay for the next one that shares the module
      catalogues.clear();
      loading.clear();
      waits.clear();
      used.clear();
      for (const [lng, byNamespace] of Object.entries(settings.resources ?? {}))
        for (const [ns, catalogue] of Object.entries(byNamespace)) catalogues.set(id(lng, ns), catalogue);
      changed();
    },
    loadNamespaces: loadAll,
    /** Shows another language once the namespaces asked for so far are downloaded in it. */
    async changeLanguage(lng: string) {
      await loadAll([...used], lng);
      language = lng;
      changed();
    },
    /** Whether a key is in a language's own catalogue (not only through the English fallback). */
    exists(key: string, options: { ns: string; lngs: readonly string[] }) {
      return options.lngs.some((lng) => lookup(lng, options.ns, key) !== undefined);
    },
    /** t() in a language over namespaces, looked up in their order. */
    fixedT(lng: string, namespaces: readonly string[]): TFunction {
      return ((key: string, options?: TOptions) => translate(lng, namespaces, key, options)) as TFunction;
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
  };
}

/** The one translator of the app. */
export const i18n = createTranslator();
export type Translator = typeof i18n;
