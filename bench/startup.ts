/**
 * Cold start and idle memory of the API on the embedded default (PGlite, a fresh data directory):
 * the production build against the TypeScript source run through tsx. Time from spawn to the
 * first 200 of /readyz; resident memory (VmRSS) after 10 s idle.
 */
import { readFileSync } from 'node:fs';
import { type Section, startServer, table } from './lib.ts';

const IDLE_MS = 10_000;

const residentMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;

async function measure(from: 'started' | 'source', port: number) {
  const started = performance.now();
  const server = await startServer(port, { DATA_DIR: `/tmp/ekyc-bench-start-${from}-${Date.now()}` }, from);
  const ready = performance.now() - started;
  try {
    await new Promise((r) => setTimeout(r, IDLE_MS));
    return { ready, rss: residentMiB(server.process.pid!) };
  } finally {
    await server.stop();
  }
}

export async function startupSection(): Promise<Section> {
  const rows: string[][] = [];
  for (const [from, label] of [
    ['source', 'TypeScript through tsx (`node --import tsx src/server.ts`)'],
    ['started', 'production build (`npm run start:prod`)'],
  ] as const) {
    const m = await measure(from, 8395);
    console.log(`startup ${from}: ready in ${(m.ready / 1000).toFixed(1)} s, ${m.rss.toFixed(0)} MiB idle`);
    rows.push([label, `${(m.ready / 1000).toFixed(1)} s`, `${m.rss.toFixed(0)} MiB`]);
  }
  return {
    title: 'API cold start and idle memory',
    body: `One API process on the embedded default (PGlite, fresh data directory, sandbox providers), from spawn to the first answer of \`/readyz\`, then resident memory after ${IDLE_MS / 1000} s idle (VmRSS).\n\n${table(['started from', 'ready after', 'resident memory, idle'], rows)}`,
  };
}
