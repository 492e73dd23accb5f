/**
 * `npm run test:stress`: the whole test command run several times in a row with two CPU-burning
 * processes beside it, to show whether the suite holds on a busy machine. Records for each run
 * whether it passed, how long it took, the phase it failed in, the test files that failed and the
 * tests that passed only on a retry; writes the summary as Markdown to stress-result.md and to
 * standard output, and exits non-zero when any run failed.
 *
 *   STRESS_RUNS=5             runs in a row
 *   STRESS_COMMAND="npm test" the command run each time (a shell command: e.g. one phase, for a quick check)
 *   STRESS_BURNERS=2          CPU-burning processes beside it
 *   STRESS_OUTPUT=stress-result.md
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.STRESS_RUNS ?? 5);
const COMMAND = process.env.STRESS_COMMAND ?? 'npm test';
const BURNERS = Number(process.env.STRESS_BURNERS ?? 2);
const OUTPUT = path.resolve(ROOT, process.env.STRESS_OUTPUT ?? 'stress-result.md');
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('STRESS_RUNS must be a whole number of at least 1');
if (!Number.isInteger(BURNERS) || BURNERS < 0) throw new Error('STRESS_BURNERS must be a whole number');

// `for(;;){}`, which also ends by itself once its parent is gone, should this script be killed
// in a way that runs none of its handlers
const BURNER = `const p = ${process.pid}; for (;;) { for (let i = 0; i < 1e8; i++); try { process.kill(p, 0); } catch { process.exit(); } }`;

interface Run {
  n: number;
  passed: boolean;
  exit: string;
  seconds: number;
  phase: string | null;
  failedFiles: string[];
  retried: number;
}

const burners: ChildProcess[] = [];
let current: ChildProcess | null = null;

/** Ends the burners and the running command (its whole process group); safe to call again. */
function stopAll() {
  for (const b of burners.splice(0)) if (b.exitCode === null) b.kill('SIGKILL');
  if (current?.pid && current.exitCode === null) {
    try {
      process.kill(-current.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
process.on('exit', stopAll);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(signal, () => {
    stopAll();
    process.exit(128 + ({ SIGINT: 2, SIGTERM: 15, SIGHUP: 1 } as const)[signal]);
  });
process.on('uncaughtException', (err) => {
  stopAll();
  process.stderr.write(`${err.stack ?? String(err)}\n`);
  process.exit(1);
});

// eslint-disable-next-line no-control-regex
const stripAnsi = (s: string) => s.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '');

/** What the output of Vitest (default reporter) and Playwright (list reporter) says about the run. */
export function readOutput(text: string): Pick<Run, 'phase' | 'failedFiles' | 'retried'> {
  const failed = new Set<string>();
  let phase: string | null = null;
  let retried = 0;
  for (const raw of text.split(/\r?\n/)) {
    const line = stripAnsi(raw);
    // npm announces each script it runs: `> ekyc-onboarding@0.1.0 test:unit`
    const script = /^> (\S+)@\S+ (\S+)$/.exec(line);
    if (script) phase = `${script[1]} ${script[2]}`;
    // Vitest: ` FAIL  |api| test/x.test.ts > suite > test` (the project in pipes, or as a badge when coloured)
    const vitest = /^\s*FAIL\s+(?:\|?([\w-]+)\|?\s+)?(\S+\.test\.tsx?)/.exec(line);
    if (vitest) failed.add(vitest[1] ? `${vitest[1]}: ${vitest[2]}` : vitest[2]!);
    // Playwright's summary: `  1) [phone] › tests/x.spec.ts:12:3 › title`
    const playwright = /^\s*\d+\) \[[\w-]+\] › (\S+\.spec\.ts):\d+/.exec(line);
    if (playwright) failed.add(`e2e: ${playwright[1]}`);
    // a test passed or failed again on a retry: Vitest `(retry x1)`, Playwright `(retry #1)`
    if (/\(retry [x#]\d+\)/.test(line)) retried += 1;
  }
  return { phase, failedFiles: [...failed].sort(), retried };
}

function runOnce(n: number, logFile: string): Promise<Run> {
  const started = Date.now();
  const log = createWriteStream(logFile);
  let text = '';
  return new Promise((resolve) => {
    // its own process group, so that an interrupted run takes its servers and browsers with it
    const child = spawn('bash', ['-c', COMMAND], { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    current = child;
    const take = (to: NodeJS.WriteStream) => (chunk: Buffer) => {
      to.write(chunk);
      log.write(chunk);
      text += chunk.toString('utf8');
    };
    child.stdout!.on('data', take(process.stdout));
    child.stderr!.on('data', take(process.stderr));
    child.on('close', (code, signal) => {
      current = null;
      log.end();
      resolve({
        n,
        passed: code === 0,
        exit: signal ?? String(code),
        seconds: (Date.now() - started) / 1000,
        ...readOutput(text),
      });
    });
  });
}

const duration = (s: number) =>
  s < 60 ? `${s.toFixed(0)} s` : `${Math.floor(s / 60)} min ${String(Math.round(s % 60)).padStart(2, '0')} s`;

function summary(runs: Run[], startedAt: Date, logDir: string): string {
  const c = cpus();
  const failed = runs.filter((r) => !r.passed).length;
  const seconds = runs.map((r) => r.seconds).sort((a, b) => a - b);
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  const rows = runs.map((r) =>
    [
      r.n,
      r.passed ? 'passed' : `**failed** (exit ${r.exit})`,
      duration(r.seconds),
      r.passed ? '' : cell(r.phase ?? ''),
      cell(r.failedFiles.join(', ')),
      r.retried,
    ].join(' | '),
  );
  return `# Test suite under load

\`${COMMAND}\` run ${RUNS} time${RUNS > 1 ? 's' : ''} in a row with ${BURNERS} CPU-burning process${BURNERS === 1 ? '' : 'es'} beside it (\`node -e 'for(;;){}'\`), on ${c.length} × ${c[0]?.model.trim() ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Node.js ${process.version}; started ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC (\`npm run test:stress\`).

**${runs.length - failed} of ${runs.length} runs passed**; duration min ${duration(seconds[0]!)}, median ${duration(seconds[Math.floor((seconds.length - 1) / 2)]!)}, max ${duration(seconds.at(-1)!)}; ${runs.reduce((s, r) => s + r.retried, 0)} retried tests.

| run | result | duration | failed in | failed test files | retried tests |
|---|---|---|---|---|---|
${rows.map((r) => `| ${r} |`).join('\n')}

Each run's output: ${logDir}/run-N.log
`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const startedAt = new Date();
  const logDir = mkdtempSync(path.join(tmpdir(), 'ekyc-stress-'));
  for (let i = 0; i < BURNERS; i++)
    burners.push(spawn(process.execPath, ['-e', BURNER], { stdio: 'ignore' }).on('error', () => undefined));
  const runs: Run[] = [];
  try {
    for (let n = 1; n <= RUNS; n++) {
      process.stdout.write(`\n=== stress run ${n} of ${RUNS}: ${COMMAND} (${BURNERS} CPU burners beside it) ===\n`);
      const run = await runOnce(n, path.join(logDir, `run-${n}.log`));
      runs.push(run);
      process.stdout.write(`=== run ${n}: ${run.passed ? 'passed' : 'FAILED'} in ${duration(run.seconds)} ===\n`);
      // written after every run, so a long series interrupted still leaves its record
      writeFileSync(OUTPUT, summary(runs, startedAt, logDir));
    }
  } finally {
    stopAll();
  }
  const text = summary(runs, startedAt, logDir);
  writeFileSync(OUTPUT, text);
  process.stdout.write(`\n${text}\nWritten to ${path.relative(ROOT, OUTPUT)}\n`);
  process.exitCode = runs.every((r) => r.passed) ? 0 : 1;
}
