/**
 * docs/configuration.md is the operator's reference: every variable the API parses is listed there
 * (as `NAME` or `NAME=value`), so a setting added to one of config/*.ts without its line fails here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { envSchema } from '../src/config.ts';

it('docs/configuration.md lists every setting the API reads', () => {
  const docs = readFileSync(path.resolve(import.meta.dirname, '../../../docs/configuration.md'), 'utf8');
  const names = Object.keys(envSchema.shape);
  expect(names.length).toBeGreaterThan(100);
  const missing = names.filter((name) => !new RegExp('`' + name + '[`=]').test(docs));
  expect(missing).toEqual([]);
});
