/** The lint rule that keeps every request of the web on its one client (apps/web/src/lib/api-client.ts). */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: ROOT });
// ESLint words it "Unexpected use of 'fetch'. …" or "'window.fetch' is restricted from being used. …"
const REFUSED = expect.stringContaining('Call the API through lib/api-client.ts');

async function messagesFor(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.map((m) => m.message);
}

describe('npm run lint refuses a request of the web outside its one client', () => {
  it('refuses fetch in a hook, a component and a shared module', async () => {
    const code = 'export const pdf = (url: string) => fetch(url).then((r) => r.arrayBuffer());\n';
    expect(await messagesFor('apps/web/src/features/esign/hooks/x.ts', code)).toContainEqual(REFUSED);
    expect(await messagesFor('apps/web/src/features/backoffice/components/x.tsx', code)).toContainEqual(REFUSED);
    expect(await messagesFor('apps/web/src/lib/x.ts', code)).toContainEqual(REFUSED);
  });

  it('refuses fetch reached through window or globalThis', async () => {
    expect(await messagesFor('apps/web/src/features/pan/x.ts', 'export const f = window.fetch;\n')).toContainEqual(
      REFUSED,
    );
    expect(await messagesFor('apps/web/src/features/pan/x.ts', "void globalThis.fetch('/api');\n")).toContainEqual(
      REFUSED,
    );
  });

  it('lets the client itself and the service worker fetch', async () => {
    const code = "export const f = () => fetch('/api/v1/ekyc/x');\n";
    expect(await messagesFor('apps/web/src/lib/api-client.ts', code)).not.toContainEqual(REFUSED);
    expect(await messagesFor('apps/web/src/sw/service-worker.ts', code)).not.toContainEqual(REFUSED);
  });
});
