/**
 * `npm test`'s first step (tools/test-prerequisites.sh) on a machine where a tool the suites use is
 * missing: it stops with one line that names the tool and the command that installs it. The tool
 * is hidden by a PATH made of links to every other program on this machine's PATH.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

const SCRIPT = path.resolve(import.meta.dirname, '../../../tools/test-prerequisites.sh');
const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A PATH with every program of this one but `hidden`. */
function pathWithout(hidden: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'path-'));
  made.push(dir);
  for (const from of (process.env.PATH ?? '').split(path.delimiter).filter(existsSync)) {
    for (const name of readdirSync(from)) {
      const target = path.join(from, name);
      if (name === hidden || existsSync(path.join(dir, name)) || !statSync(target, { throwIfNoEntry: false })?.isFile())
        continue;
      symlinkSync(target, path.join(dir, name));
    }
  }
  return dir;
}

const prerequisites = (PATH: string) =>
  spawnSync('bash', [SCRIPT], { encoding: 'utf8', env: { ...process.env, PATH, TEST_PREREQUISITES: 'check' } });

it('passes silently where every tool is installed', () => {
  const run = prerequisites(process.env.PATH!);
  expect(run.stderr + run.stdout).toBe('');
  expect(run.status).toBe(0);
});

it.each([
  ['xmlsec1', 'xmlsec1'],
  ['qpdf', 'qpdf'],
  ['pdfsig', 'poppler-utils'],
  ['openssl', 'openssl'],
  ['redis-server', 'redis-server'],
])('stops at once with one line naming %s and the package to install', (tool, pkg) => {
  const run = prerequisites(pathWithout(tool));
  expect(run.status).toBe(1);
  expect(run.stdout).toBe('');
  const lines = run.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(
    new RegExp(`^npm test needs ${tool} on this machine: install with \`sudo apt-get install -y ${pkg}\``),
  );
});
