/**
 * The texts the server paints into the onboarding page's HTML before any script has run (each
 * step's title, the sign-up page's opening line, the loader), taken from the app's catalogues when
 * the app is built and written beside index.html as shell-texts.json. The server reads that file
 * of the build, never the web app's sources (apps/api/src/plugins/web.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
// by its path: vite.config.ts loads this file, and bundles only relative imports
import { LANGUAGES, type Language } from '../../../packages/contracts/src/constants.ts';
import type { Plugin } from 'vite';

export const SHELL_TEXTS_FILE = 'shell-texts.json';
const LOCALES_DIR = path.resolve(import.meta.dirname, '../src/i18n/locales');

export interface ShellTexts {
  titles: Record<string, string>;
  loading: string;
  intro: string;
}

function catalogue<T>(language: Language, namespace: string): T {
  return JSON.parse(readFileSync(path.join(LOCALES_DIR, language, `${namespace}.json`), 'utf8')) as T;
}

/** Each language's shell texts, from its catalogues (common: titles and loader; signup: the opening line). */
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
