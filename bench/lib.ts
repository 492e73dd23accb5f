/** Shared helpers of the benchmarks: starting the server, percentiles, machine description. */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** An empty database `name` on the PostgreSQL server of `serverUrl` (dropped first if there); returns its URL. */
export async function freshDatabase(serverUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`database name ${name}: letters, digits and _ only`);
  await withClient(serverUrl, async (client) => {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  });
  return Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
}

/** Runs `work` on a connection of its own to `url`. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface Section {
  title: string;
  /** Markdown: what was measured, how, and the figures. */
  body: string;
  /** The headline figures by name, for `--compare` (lower is better unless the name says per second). */
  figures?: Record<string, number>;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
export const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;

export function machine(): string {
  const c = cpus();
  return `${c.length} × ${c[0]?.model.trim() ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Node.js ${process.version}, ${process.platform}`;
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * How the API starts: the production build (`npm run build`), or its TypeScript through tsx. From this
 * checkout, or the one BENCH_SERVER_ROOT names (`--compare` runs another commit's build that way).
 */
const ENTRY = {
  compiled: (root: string) => [
    '--conditions=ekyc-compiled',
    '--enable-source-maps',
    path.join(root, 'apps/api/dist/server.js'),
  ],
  source: (root: string) => ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')],
  /** The production build with the Node.js options of that checkout's `npm start` (the embedded default's). */
  started: (root: string) => [...startScriptOptions(root), ...ENTRY.compiled(root)],
};

/** The V8 and Node.js options of a checkout's `npm start` (apps/api's `start`: `node <options> dist/server.js`). */
function startScriptOptions(root: string): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, 'apps/api/package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const given = new Set(ENTRY.compiled(root));
  return pkg.scripts.start.split(/\s+/).filter((word) => word.startsWith('--') && !given.has(word));
}

/** Starts the API (serving the built web app) and waits until it is ready. */
export async function startServer(
  port: number,
  env: Record<string, string>,
  from: keyof typeof ENTRY = 'compiled',
): Promise<RunningServer> {
  // BENCH_SERVER_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, to profile the server under load.
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const url = `http://127.0.0.1:${port}`;
  // a server left on the port (a benchmark stopped halfway) would answer for this one
  const taken = await fetch(`${url}/readyz`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is already served: stop what listens there first`);
  const root = process.env.BENCH_SERVER_ROOT ?? ROOT;
  const child = spawn(process.execPath, [...extra, ...ENTRY[from](root)], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // a benchmark that fails does not leave its servers running
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  for (let i = 0; i < 480; i++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // starting
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

export function table(header: string[], rows: Array<Array<string | number>>): string {
  const line = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
