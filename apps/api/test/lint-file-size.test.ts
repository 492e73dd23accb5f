/** `npm run lint` refuses a source file over 400 lines, except the generated files it names. */
import path from 'node:path';
import { ESLint } from 'eslint';
import { expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: ROOT });
const lines = (n: number) => Array.from({ length: n }, (_, i) => `export const v${i} = ${i};`).join('\n') + '\n';

async function sizeMessages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === 'max-lines').map((m) => m.message);
}

it('refuses a source file of 401 lines and takes one of 400', async () => {
  expect(await sizeMessages('apps/api/src/lib/x.ts', lines(401))).toEqual([
    'File has too many lines (401). Maximum allowed is 400.',
  ]);
  expect(await sizeMessages('apps/web/src/lib/x.tsx', lines(400))).toEqual([]);
  expect(await sizeMessages('bench/x.ts', lines(401))).toHaveLength(1);
});

it('lets the generated API client be as long as it is', async () => {
  expect(await sizeMessages('packages/api-client/src/schema.ts', lines(500))).toEqual([]);
});
