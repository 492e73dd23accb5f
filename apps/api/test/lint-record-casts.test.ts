/**
 * The lint rules that keep record data and replies typed by their contracts: a cast of a section or
 * of a reply's data is refused, and so is a type argument asserting a private section's type.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: ROOT });
const REFUSED =
  "A reply's data and a section of the record have their contract types (the call's schema, Sections, PrivateSectionTypes): read them without a cast, or parse them with their schema.";
const TYPE_ARGUMENT =
  'Read a section by its name alone: its type is the one its module declared (PrivateSectionTypes), not a type argument.';

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

  it("in the records layer, and of a reply's data in a page", async () => {
    const record =
      'declare const sections: { pan_obj?: object };\nexport const pan = sections.pan_obj as { x: string };\n';
    expect(await messagesFor('apps/api/src/records/x.ts', record)).toContain(REFUSED);
    const reply =
      'declare const reply: { data: { pre_check?: unknown } };\nexport const check = reply.data.pre_check as { blockers: string[] };\n';
    expect(await messagesFor('apps/web/src/features/client-area/pages/x.tsx', reply)).toContain(REFUSED);
  });

  it('refuses a type argument on a read of a private section', async () => {
    const code = [
      'declare const section: <T>(name: string) => T | null;',
      'declare const records: { getSection<T>(id: string, name: string): Promise<T | null> };',
      "export const state = section<{ epro_id: string }>('_esign_private');",
      "export const kept = records.getSection<{ review?: string }>('id', '_kyc_capture');",
      "export const named = section('_esign_private');",
      '',
    ].join('\n');
    const messages = await messagesFor('apps/api/src/modules/esign/x.ts', code);
    expect(messages.filter((m) => m === TYPE_ARGUMENT)).toHaveLength(2);
  });
});
