/**
 * API processes started by a test: the compiled server (apps/api/dist, built by
 * `npm run build -w @ekyc/api`; `npm run test:server` builds it when missing or older than the
 * sources), a free port, and readiness by the process's answer, not a fixed wait.
 */
import { type ChildProcess, type SpawnOptions, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const DIST_SERVER = path.join(ROOT, 'apps/api/dist/server.js');
const SOURCES = ['apps/api/src', 'packages/contracts/src', 'tools/build-api.mjs'].map((p) => path.join(ROOT, p));

function newestSource(p: string): number {
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(p, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .reduce((max, e) => Math.max(max, statSync(path.join(e.parentPath, e.name)).mtimeMs), 0);
}

/** Why the compiled API cannot be used as it is (missing, or older than a source file), or null. */
export function apiBuildProblem(): string | null {
  if (!existsSync(DIST_SERVER)) return `${path.relative(ROOT, DIST_SERVER)} is missing`;
  const built = statSync(DIST_SERVER).mtimeMs;
  const newest = Math.max(...SOURCES.map(newestSource));
  return newest > built ? `${path.relative(ROOT, DIST_SERVER)} is older than the sources` : null;
}

/**
 * The node arguments that run a compiled entry point of the API (`server.js`, `cli/ifsc-import.js`)
 * as its npm script does.
 */
export function compiledApiArgs(entry = 'server.js', args: string[] = []): string[] {
  const problem = apiBuildProblem();
  if (problem) throw new Error(`${problem}: run \`npm run build -w @ekyc/api\` (the test runs build it)`);
  return ['--conditions=ekyc-compiled', '--enable-source-maps', path.join(ROOT, 'apps/api/dist', entry), ...args];
}

/** Starts the compiled API server, as `npm run start` does. */
export function spawnApi(options: SpawnOptions): ChildProcess {
  return spawn(process.execPath, compiledApiArgs(), options);
}

/** Builds the compiled API when it is missing or older than the sources (the test runs call it first). */
export function buildApiIfStale(log: (line: string) => void = console.log): void {
  const stale = apiBuildProblem();
  if (!stale) return;
  log(`Building the API (${stale})…`);
  const build = spawnSync('npm', ['run', 'build', '-w', '@ekyc/api'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`the API build failed (exit ${build.status})`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * A start-up budget that grows with the machine's load: `base` on an idle machine, a multiple of
 * it when more work is waiting than there are cores. A last resort only: the compiled server is
 * ready in seconds, and a child that fails exits, which waitReady reports at once.
 */
export function startBudgetMs(base = 120_000): number {
  return base * Math.max(1, Math.ceil(loadavg()[0]! / availableParallelism()));
}

/** Resolves when the child answers /readyz; fails at once if the child exits, or when the budget is spent. */
export async function waitReady(child: ChildProcess, port: number, budgetMs = startBudgetMs()): Promise<void> {
  let exited: string | null = child.exitCode === null ? null : `exited (${child.exitCode})`;
  const onExit = (code: number | null, signal: string | null) => (exited = `exited (${code ?? signal})`);
  child.once('exit', onExit);
  const until = Date.now() + budgetMs;
  try {
    while (!exited && Date.now() < until) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    child.off('exit', onExit);
  }
  throw new Error(`the API process on port ${port} ${exited ?? `was not ready within ${budgetMs} ms`}`);
}
