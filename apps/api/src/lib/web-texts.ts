/**
 * The texts the web app's build writes beside index.html (shell-texts.json, written by
 * apps/web/scripts/shell-texts.ts): per language, the onboarding page's shell texts and the e-sign
 * window's messages. The server reads this file of the build, never the web app's sources; without a
 * build (an API alone) every text is English.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Language } from '@ekyc/contracts/constants';

export const SHELL_TEXTS_FILE = 'shell-texts.json';

export interface LanguageTexts {
  titles?: Record<string, string>;
  loading?: string;
  intro?: string;
  messages?: Record<string, string>;
}
export type WebTexts = Partial<Record<Language, LanguageTexts>>;

const read = new Map<string, WebTexts>();

/** The build's texts in `dist`, read once per process. */
export function webTexts(dist: string): WebTexts {
  let texts = read.get(dist);
  if (!texts) {
    try {
      texts = JSON.parse(readFileSync(path.join(dist, SHELL_TEXTS_FILE), 'utf8')) as WebTexts;
    } catch {
      texts = {};
    }
    read.set(dist, texts);
  }
  return texts;
}
