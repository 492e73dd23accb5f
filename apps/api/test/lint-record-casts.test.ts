/** The lint rule that keeps record data typed by its contracts: a cast of a section is refused. */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: ROOT });
const REFUSED = 'A section of the record has its contract type (Sections, RecordSections): read it without a cast.';

async function messagesFor(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.map((m) => m.message);
}

describe('npm run lint refuses a cast of record data', () => {
  it('in a use-case of the API', async () => {
    const code =
      'declare const sections: { pan_obj?: object };\nexport const pan = sections.pan_obj as { x: string };\n';
    expect(await messagesFor('apps/api/src/modules/pan/x.ts', code)).toContain(REFUSED);
  });

  it('in a page and in a hook of the web', async () => {
    const code =
      "declare const details: Record<string, unknown>;\nexport const bank = details['bank_obj'] as { ifsc: string };\n";
    expect(await messagesFor('apps/web/src/features/bank/pages/x.tsx', code)).toContain(REFUSED);
    expect(await messagesFor('apps/web/src/features/bank/hooks/x.ts', code)).toContain(REFUSED);
  });

  it('lets `as const` and casts of other values be', async () => {
    const code = "export const names = ['pan_obj'] as const;\nexport const n = (1 as unknown) as number;\n";
    expect(await messagesFor('apps/api/src/modules/pan/x.ts', code)).not.toContain(REFUSED);
  });
});
