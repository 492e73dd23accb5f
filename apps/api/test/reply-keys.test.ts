/**
 * Every applicant reply names its message by key: ok() and fail() take a key of MSG or ACK, and
 * only staff, sandbox and public (unsigned) routes give a plain text through plainOk / plainFail.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ACK } from '@ekyc/contracts/acknowledgements';
import { MSG } from '@ekyc/contracts/messages';
import { expect, it } from 'vitest';

const SRC = path.join(import.meta.dirname, '../src');
/** Files whose replies are for staff screens (in English) or for no applicant at all. */
const PLAIN_TEXT_ALLOWED = [
  /^modules\/backoffice\//,
  /^modules\/registrations\/routes\.ts$/,
  /^modules\/assisted-kyc\/routes\.ts$/,
  /^modules\/privacy\/routes\.ts$/,
  /^modules\/servicing\/review-request\.ts$/,
  // the administrator's import of the screening lists
  /^modules\/screening\/routes\.ts$/,
  /^modules\/public\//,
  /^sandbox\//,
  /^lib\/outcome\.ts$/,
];

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );

it('gives no plain text from an applicant module', () => {
  const offenders = files(SRC)
    .map((f) => path.relative(SRC, f))
    .filter((f) => /\bplain(Ok|Fail)\(/.test(readFileSync(path.join(SRC, f), 'utf8')))
    .filter((f) => !PLAIN_TEXT_ALLOWED.some((p) => p.test(f)));
  expect(offenders).toEqual([]);
});

it('keeps the acknowledgements apart from the spec messages, each key and text once', () => {
  expect(Object.keys(ACK).filter((k) => k in MSG)).toEqual([]);
  const texts = [...Object.values(MSG), ...Object.values(ACK)] as string[];
  expect(texts.filter((t, i) => texts.indexOf(t) !== i)).toEqual([]);
});
