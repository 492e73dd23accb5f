/**
 * Every onboarding page runs its stage action through lib/use-stage-action (say the reply's
 * message by its code, go to data.screen, put a 400's errors on the fields), directly or through
 * a component of its feature it renders; a page where it does not fit says why in a
 * `// useStageAction does not fit: …` line (the list is in docs/architecture.md).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const FEATURES = join(import.meta.dirname, '..', 'src', 'features');
/** Areas that are not onboarding stages: open at every stage, or another app. */
const NOT_STAGES = new Set(['backoffice', 'client-area', 'public', 'privacy', 'assisted-kyc']);

const stagePages = readdirSync(FEATURES)
  .filter((area) => !NOT_STAGES.has(area))
  .flatMap((area) => {
    const dir = join(FEATURES, area, 'pages');
    try {
      return readdirSync(dir)
        .filter((name) => name.endsWith('.tsx'))
        .map((name) => join(dir, name));
    } catch {
      return [];
    }
  });

const USES = /\buseStageAction\(/;
const SAYS_WHY = /^\/\/ useStageAction does not fit: \S.+$/m;

/** The page's own code and that of the feature's components it imports. */
function codeOf(page: string): string {
  const text = readFileSync(page, 'utf8');
  const local = [...text.matchAll(/from '(\.\.\/components\/[^']+)'/g)]
    .flatMap((m) => ['.tsx', '.ts'].map((ext) => `${resolve(dirname(page), m[1]!)}${ext}`))
    .filter((file) => existsSync(file));
  return [text, ...local.map((file) => readFileSync(file, 'utf8'))].join('\n');
}

describe('stage actions', () => {
  it('finds the onboarding pages', () => {
    expect(stagePages.length).toBeGreaterThanOrEqual(19);
  });

  for (const page of stagePages)
    it(`${page.slice(FEATURES.length + 1)} runs its action through useStageAction or says why not`, () => {
      const code = codeOf(page);
      expect(USES.test(code) || SAYS_WHY.test(readFileSync(page, 'utf8'))).toBe(true);
    });
});
