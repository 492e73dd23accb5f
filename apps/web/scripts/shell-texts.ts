/**
 * The texts the server paints into the onboarding page's HTML before any script has run (each
 * step's title, the sign-up page's opening line, the loader) and into the e-sign window's page (the
 * catalogue messages of ESIGN_WINDOW_KEYS), taken from the app's catalogues when the app is built
 * and written beside index.html as shell-texts.json. The server reads that file of the build, never
 * the web app's sources (apps/api/src/lib/web-texts.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
// by its path: vite.config.ts loads this file, and bundles only relative imports
import { ESIGN_WINDOW_KEYS } from '../../../packages/contracts/src/acknowledgements.ts';
import { LANGUAGES, type Language } from '../../../packages/contracts/src/constants.ts';
import type { Plugin } from 'vite';

export const SHELL_TEXTS_FILE = 'shell-texts.json';
const LOCALES_DIR = path.resolve(import.meta.dirname, '../src/i18n/locales');

export interface ShellTexts {
  titles: Record<string, string>;
  loading: string;
  intro: string;
  /** The e-sign window's messages in this language (none for English: the server has the contract's own). */
  messages: Record<string, string>;
}

function catalogue<T>(language: Language, namespace: string): T {
  return JSON.parse(readFileSync(path.join(LOCALES_DIR, language, `${namespace}.json`), 'utf8')) as T;
}

function windowMessages(language: Language): Record<string, string> {
  if (language === 'en') return {};
  const messages = catalogue<Record<string, string>>(language, 'messages');
  return Object.fromEntries(ESIGN_WINDOW_KEYS.map((key) => [key, messages[key] ?? '']));
}

/** Each language's shell texts, from its catalogues (common: titles and loader; signup: the opening line; messages: the e-sign window's). */
export function shellTexts(): Record<Language, ShellTexts> {
  return Object.fromEntries(
    LANGUAGES.map((language) => {
      const common = catalogue<{ titles?: Record<string, string>; loading?: string }>(language, 'common');
      return [
        language,
        {
          titles: common.titles ?? {},
          loading: common.loading ?? '',
          intro: catalogue<{ intro?: string }>(language, 'signup').intro ?? '',
          messages: windowMessages(language),
        },
      ];
    }),
  ) as Record<Language, ShellTexts>;
}

/** A Vite plugin writing shell-texts.json into the build. */
export function shellTextsFile(): Plugin {
  return {
    name: 'ekyc-shell-texts',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: SHELL_TEXTS_FILE, source: JSON.stringify(shellTexts()) });
    },
  };
}
