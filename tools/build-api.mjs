/**
 * `npm run build -w @ekyc/api`: the contracts and the API compiled to JavaScript (tsc, the source
 * layout kept, `.ts` imports rewritten to `.js`), so production runs without tsx. Files tsc does
 * not emit (SQL migrations, bundled data) are copied beside the JavaScript that reads them. The
 * compiled contracts are chosen by the `ekyc-compiled` export condition the start scripts set.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import process from 'node:process';

const root = path.resolve(import.meta.dirname, '..');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

for (const pkg of ['packages/contracts', 'apps/api']) {
  rmSync(path.join(root, pkg, 'dist'), { recursive: true, force: true });
  execFileSync(process.execPath, [tsc, '-p', path.join(root, pkg, 'tsconfig.build.json')], { stdio: 'inherit' });
}

const src = path.join(root, 'apps/api/src');
const dist = path.join(root, 'apps/api/dist');
let copied = 0;
for (const entry of readdirSync(src, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || /\.(ts|md)$/.test(entry.name)) continue;
  const from = path.join(entry.parentPath, entry.name);
  cpSync(from, path.join(dist, path.relative(src, from)));
  copied += 1;
}
process.stdout.write(`API compiled to apps/api/dist (${copied} data files copied)\n`);
