/**
 * `npm run bench`: runs the benchmarks and writes BENCHMARKS.md. Figures are printed and recorded,
 * never asserted: speed is a measurement, not a test. `-- --only=weight,noop,lighthouse,work,queue,startup,journey`
 * runs a subset. `-- --compare=<commit> [--rounds=3] [--write]` runs the journey benchmark against this
 * checkout and another commit's build in turn, side by side (bench/compare.ts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { backofficeQueueSection } from './backoffice-queue.ts';
import { compare } from './compare.ts';
import { journeySection } from './journey.ts';
import { lighthouseSection } from './lighthouse.ts';
import { machine, ROOT, type Section, startServer, table } from './lib.ts';
import { noopSection } from './noop.ts';
import { startupSection } from './startup.ts';
import { workItemsSection } from './work-items.ts';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const against = arg('compare');
if (against) {
  await compare(against, Number(arg('rounds') ?? 3), process.argv.includes('--write'));
  process.exit(0);
}

const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const want = (name: string) => !only || only.includes(name);
const HISTORY_MARKER = '<!-- history: kept by npm run bench -->';
const sections: Section[] = [];

if (want('weight') || want('lighthouse') || want('noop') || want('journey') || want('startup')) {
  console.log('Building the web app and the API…');
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
}

if (want('weight')) {
  const rows = JSON.parse(readFileSync(path.join(ROOT, 'apps/web/dist/route-weights.json'), 'utf8')) as Array<{
    route: string;
    js: number;
    css: number;
    added: number;
    budget: number;
    ok: boolean;
  }>;
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  sections.push({
    title: 'Page weight per applicant route (production build, brotli)',
    body: `Compressed JavaScript and CSS each route loads before it runs (entry, its static imports, the page chunk and the English catalogues), from \`apps/web/dist/.vite/manifest.json\`. Budgets: sign-up at most ${kib(rows.find((r) => r.route === '/ekyc1/')?.budget ?? 0)} of JavaScript (it carries the router, the page error message, the offline notice, the request time limit and the service worker's registration, which must work when the network is gone, and the browser-language detection); each later step at most ${kib(rows.find((r) => r.route !== '/ekyc1/')?.budget ?? 0)} more. \`npm run build\` fails when a budget is exceeded.\n\n${table(
      ['route', 'JS', 'CSS', 'JS added over sign-up', 'budget'],
      rows.map((r) => [r.route, kib(r.js), kib(r.css), kib(r.added), r.ok ? 'within' : '**over**']),
    )}`,
  });
}

if (want('work')) sections.push(await workItemsSection());

if (want('queue')) sections.push(await backofficeQueueSection());

if (want('noop') || want('lighthouse')) {
  const server = await startServer(8390, {
    DATA_DIR: `/tmp/ekyc-bench-${Date.now()}`,
    RATE_LIMIT_PER_MINUTE: '100000000',
    // the page audits seed signed-in applicants through the test-only fixtures
    EKYC_TEST_FIXTURES: 'true',
  });
  try {
    if (want('noop')) sections.push(await noopSection(server.url));
    if (want('lighthouse')) sections.push(await lighthouseSection(server.url));
  } finally {
    await server.stop();
  }
}

if (want('startup')) sections.push(await startupSection());
if (want('journey')) sections.push(await journeySection());

const report = `# Benchmarks

Measured on ${machine()}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.
Rerun with \`npm run bench\` (all) or \`npm run bench -- --only=weight,noop,lighthouse,work,queue,startup,journey\`.
The journey benchmark needs the PostgreSQL server and Redis of \`BENCH_DATABASE_URL\` / \`BENCH_REDIS_URL\`
(default \`postgres://postgres@127.0.0.1:5432/postgres\`, \`redis://127.0.0.1:6379\`), or with \`BENCH_DATABASE=embedded\` none: the embedded default.

${sections.map((s) => `## ${s.title}\n\n${s.body}\n`).join('\n')}`;

if (only) {
  console.log(report);
} else {
  // The written record below the marker (what missed a target, what was changed, before and after)
  // is kept from one run to the next.
  const file = path.join(ROOT, 'BENCHMARKS.md');
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const history = previous.includes(HISTORY_MARKER) ? previous.slice(previous.indexOf(HISTORY_MARKER)) : '';
  writeFileSync(file, history ? `${report}\n${history}` : report);
  console.log('Wrote BENCHMARKS.md');
}
