/**
 * Every constant of section 9 in constants.ts is used by the code it governs: a constant nobody
 * imports is a rule written twice (its literal stands somewhere else) or a rule not applied.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const CONSTANTS = path.join(ROOT, 'packages/contracts/src/constants.ts');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist' || name === 'test') return [];
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(name) && full !== CONSTANTS ? [full] : [];
  });
}

it('every exported constant is used outside constants.ts', () => {
  const names = [...readFileSync(CONSTANTS, 'utf8').matchAll(/^export const ([A-Z][A-Z0-9_]+)/gm)].map((m) => m[1]!);
  expect(names.length).toBeGreaterThan(30);
  const code = ['packages/contracts/src', 'apps/api/src', 'apps/web/src']
    .flatMap((d) => sources(path.join(ROOT, d)))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
  const unused = names.filter((n) => !new RegExp(`\\b${n}\\b`).test(code));
  expect(unused).toEqual([]);
});
