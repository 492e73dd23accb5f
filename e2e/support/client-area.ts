/**
 * What the client-area browser tests share: the texts as the page shows them (read from the web's
 * catalogues), the stages of a signed application, and a back-office call with a staff token.
 */
import type { Language } from '@ekyc/contracts/constants';
import { expect, type APIRequestContext } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const LOCALES = path.resolve(import.meta.dirname, '../../apps/web/src/i18n/locales');
export type Catalogue = { [key: string]: string | Catalogue };

/** One namespace of one language's catalogue. */
export const catalogue = (lang: Language, ns: string) =>
  JSON.parse(readFileSync(path.join(LOCALES, lang, `${ns}.json`), 'utf8')) as Catalogue;

/** A catalogue's text at a dotted key, its {{values}} filled in. */
export function text(table: Catalogue, key: string, values: Record<string, string> = {}): string {
  const found = key
    .split('.')
    .reduce<string | Catalogue | undefined>((at, k) => (typeof at === 'object' ? at[k] : undefined), table);
  if (typeof found !== 'string') throw new Error(`no translation for ${key}`);
  return Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, v), found);
}

/** The stages of an application signed and waiting for its decisions. */
export const BEFORE_FINAL = [110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210];

/** A back-office call that must answer 200: its data. */
export async function staffCall<T>(
  request: APIRequestContext,
  token: string,
  url: string,
  method: 'GET' | 'POST' = 'POST',
) {
  const res = await request.fetch(`/api/v1/backoffice/${url}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), url).toBe(200);
  return ((await res.json()) as { data: T }).data;
}
