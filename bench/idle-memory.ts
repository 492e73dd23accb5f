/**
 * `npm run bench:idle-memory [-- --runs=3]`: the API's idle memory as production starts it. Each run
 * runs `npm run start:prod` (after `npm run build`) on a fresh data directory (the embedded default:
 * PGlite, sandbox providers), waits for the first 200 of /readyz, then 10 s, and reads the server
 * process's resident memory (VmRSS; also its anonymous and file-backed parts, its peak and its
 * thread count) from /proc. BENCH_SERVER_ROOT runs another checkout's build (a before/after pair:
 * alternate the two). Figures are printed, not asserted.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { median, ROOT } from './lib.ts';

const IDLE_MS = 10_000;
const PORT = Number(process.env.PORT ?? 8396);
const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 3);
const root = process.env.BENCH_SERVER_ROOT ?? ROOT;

const status = (pid: number) => readFileSync(`/proc/${pid}/status`, 'utf8');
const field = (text: string, name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(text)?.[1] ?? NaN);
const MiB = (kB: number) => kB / 1024;

/** The node process running the server among `ancestor`'s descendants (npm runs it through a shell). */
function serverPid(ancestor: number): number | undefined {
  const parent = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const descends = (pid: number): boolean => {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p)) if (p === ancestor) return true;
    return false;
  };
  for (const pid of parent.keys()) {
    if (!descends(pid)) continue;
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (path.basename(args[0]!) === 'node' && args.some((a) => a.endsWith('dist/server.js'))) return pid;
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

async function waitReady(child: ChildProcess) {
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`npm run start:prod exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${PORT}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('not ready after 120 s');
}

async function once(run: number) {
  const dataDir = `/tmp/ekyc-idle-memory-${process.pid}-${run}`;
  rmSync(dataDir, { recursive: true, force: true });
  const started = performance.now();
  const child = spawn('npm', ['run', 'start:prod'], {
    cwd: root,
    detached: true, // its own process group: npm, the shell and node stop together
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // the group has exited
    }
  };
  const stopGroup = () => signal('SIGKILL');
  process.once('exit', stopGroup);
  try {
    await waitReady(child);
    const ready = performance.now() - started;
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const pid = serverPid(child.pid!);
    if (!pid) throw new Error('no dist/server.js process under npm run start:prod');
    const s = status(pid);
    return {
      ready,
      rss: MiB(field(s, 'VmRSS')),
      anon: MiB(field(s, 'RssAnon')),
      file: MiB(field(s, 'RssFile')),
      peak: MiB(field(s, 'VmHWM')),
      threads: field(s, 'Threads'),
    };
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      signal('SIGTERM');
      setTimeout(() => signal('SIGKILL'), 10_000).unref();
    });
    process.off('exit', stopGroup);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const rss: number[] = [];
console.log(`${root}: ${runs} starts of npm run start:prod, VmRSS ${IDLE_MS / 1000} s after /readyz`);
for (let run = 1; run <= runs; run++) {
  const m = await once(run);
  rss.push(m.rss);
  console.log(
    `run ${run}: ready after ${(m.ready / 1000).toFixed(1)} s, VmRSS ${m.rss.toFixed(0)} MiB ` +
      `(anonymous ${m.anon.toFixed(0)}, files ${m.file.toFixed(0)}), peak ${m.peak.toFixed(0)} MiB, ${m.threads} threads`,
  );
}
console.log(
  `VmRSS ${Math.min(...rss).toFixed(0)} to ${Math.max(...rss).toFixed(0)} MiB, median ${median(rss).toFixed(0)} MiB`,
);
