/** The layering rules of `npm run lint`, shown to refuse what they are there to refuse. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import madge from 'madge';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: ROOT });

async function messagesFor(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.map((m) => m.message);
}

describe('npm run lint keeps the layers apart', () => {
  it('refuses a module importing another module', async () => {
    expect(
      await messagesFor('apps/api/src/modules/pan/x.ts', "export { ifsc } from '../bank/get-ifsc.ts';\n"),
    ).toContain('A module never imports another module; what both need goes to records/, documents/ or lib/.');
  });

  it('refuses a module importing the sandbox, and a dynamic import of it too', async () => {
    expect(
      await messagesFor('apps/api/src/modules/esign/x.ts', "export const p = import('../../sandbox/page.ts');\n"),
    ).toContain('Modules do not import the sandbox: it is a provider, reached through its port.');
  });

  it('refuses a provider importing a module, and shared code importing either', async () => {
    expect(await messagesFor('apps/api/src/providers/ifsc/x.ts', "import '../../modules/bank/routes.ts';\n")).toContain(
      'Providers do not import modules.',
    );
    expect(await messagesFor('apps/api/src/records/x.ts', "import '../sandbox/page.ts';\n")).toContain(
      'Shared code does not import modules or the sandbox.',
    );
  });

  it('lets a module use shared code and its own files', async () => {
    expect(
      await messagesFor(
        'apps/api/src/modules/pan/x.ts',
        "import '../../lib/html.ts';\nimport '../../records/user-details.ts';\nimport './routes.ts';\n",
      ),
    ).toEqual([]);
  });

  it('refuses a module, shared code or the sandbox importing the composition root', async () => {
    const message =
      'Only the app (app.ts, server.ts, cli/) imports the composition root; declare what a module uses in its deps.ts.';
    const typeImport = "import type { AppDeps } from '../../app-deps.ts';\n";
    expect(await messagesFor('apps/api/src/modules/pan/x.ts', typeImport)).toContain(message);
    expect(
      await messagesFor('apps/api/src/records/x.ts', "import type { AppDeps } from '../app-deps.ts';\n"),
    ).toContain(message);
    expect(await messagesFor('apps/api/src/sandbox/pan/x.ts', typeImport)).toContain(message);
    expect(await messagesFor('apps/api/src/jobs/x.ts', "export { createDeps } from '../app-deps.ts';\n")).toContain(
      message,
    );
  });

  it('lets the app and the command-line tools import the composition root', async () => {
    expect(await messagesFor('apps/api/src/app.ts', "export { createDeps } from './app-deps.ts';\n")).toEqual([]);
    expect(await messagesFor('apps/api/src/cli/x.ts', "export { createDeps } from '../app-deps.ts';\n")).toEqual([]);
  });

  it('finds an import cycle with madge', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cycle-'));
    writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b.ts';\nexport const a = () => b;\n");
    writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a.ts';\nexport const b = () => a;\n");
    const graph = await madge(dir, { fileExtensions: ['ts'] });
    expect(graph.circular()).toEqual([['a.ts', 'b.ts']]);
  });

  it("finds a cycle through a type-only import with the lint's madge settings", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'type-cycle-'));
    writeFileSync(path.join(dir, 'root.ts'), "import { build } from './use-case.ts';\nexport const root = build;\n");
    writeFileSync(
      path.join(dir, 'use-case.ts'),
      "import type { root } from './root.ts';\nexport const build = (r?: typeof root) => r;\n",
    );
    const rc = JSON.parse(readFileSync(path.join(ROOT, '.madgerc'), 'utf8').replace(/^\s*\/\/.*$/gm, ''));
    const graph = await madge(dir, { fileExtensions: ['ts'], detectiveOptions: rc.detectiveOptions });
    expect(graph.circular()).toEqual([['root.ts', 'use-case.ts']]);
  });
});
