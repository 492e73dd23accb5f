/**
 * `npm run bench -- --compare=<commit> [--rounds=3]`: this checkout against another commit, side by
 * side in one sitting. The other commit is checked out in a worktree of its own (under the system's
 * temporary folder, kept for the next comparison), installed and built there; then the journey
 * benchmark runs against each build in turn, the order alternating from one round to the next, so
 * that a machine getting busier or quieter weighs on both alike. The benchmark's client is this
 * checkout's for both. Prints each round, the medians and their ratios, and the page weights of
 * both builds; with `--write` the result goes into BENCHMARKS.md's history.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { journeySection } from './journey.ts';
import { machine, median, ROOT, table } from './lib.ts';

const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();

/** The other commit's worktree, installed and built (reused when it is already there). */
function checkout(commit: string): string {
  const dir = path.join(tmpdir(), `ekyc-bench-${commit.slice(0, 12)}`);
  if (!existsSync(path.join(dir, '.git'))) {
    git('worktree', 'prune');
    git('worktree', 'add', '--detach', dir, commit);
  }
  if (!existsSync(path.join(dir, 'node_modules'))) {
    console.log(`Installing ${commit.slice(0, 12)} in ${dir}…`);
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
  }
  if (!existsSync(path.join(dir, 'apps/api/dist/server.js'))) {
    console.log(`Building ${commit.slice(0, 12)}…`);
    execFileSync('npm', ['run', 'build'], { cwd: dir, stdio: 'inherit' });
  }
  return dir;
}

interface Weight {
  route: string;
  js: number;
}
const signUpJs = (root: string) => {
  const file = path.join(root, 'apps/web/dist/route-weights.json');
  if (!existsSync(file)) return null;
  return (JSON.parse(readFileSync(file, 'utf8')) as Weight[]).find((w) => w.route === '/ekyc1/')?.js ?? null;
};

const fmt = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 1 ? n.toFixed(2) : n.toFixed(3));

export async function compare(other: string, rounds: number, write: boolean): Promise<void> {
  const commit = git('rev-parse', '--verify', `${other}^{commit}`);
  const here = git('rev-parse', 'HEAD');
  const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
  const thisName = `${here.slice(0, 7)}${dirty ? ' + changes' : ''}`;
  const otherName = commit.slice(0, 7);
  const otherRoot = checkout(commit);
  console.log('Building this checkout…');
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });

  const runs: Record<'this' | 'other', Array<Record<string, number>>> = { this: [], other: [] };
  for (let round = 0; round < rounds; round++) {
    const order: Array<'this' | 'other'> = round % 2 === 0 ? ['other', 'this'] : ['this', 'other'];
    for (const which of order) {
      process.env.BENCH_SERVER_ROOT = which === 'this' ? ROOT : otherRoot;
      console.log(`Round ${round + 1} of ${rounds}: ${which === 'this' ? thisName : otherName}`);
      const { figures } = await journeySection();
      runs[which].push(figures ?? {});
    }
  }
  delete process.env.BENCH_SERVER_ROOT;

  const names = [...new Set([...runs.this, ...runs.other].flatMap((f) => Object.keys(f)))];
  const rows = names.flatMap((name) => {
    const a = runs.other.map((f) => f[name]).filter((v): v is number => v !== undefined);
    const b = runs.this.map((f) => f[name]).filter((v): v is number => v !== undefined);
    if (!a.length || !b.length) return [];
    const [ma, mb] = [median(a), median(b)];
    return [[name, a.map(fmt).join(', '), fmt(ma), b.map(fmt).join(', '), fmt(mb), ma ? (mb / ma).toFixed(2) : '–']];
  });
  const [wa, wb] = [signUpJs(otherRoot), signUpJs(ROOT)];
  if (wa !== null && wb !== null)
    rows.push(['sign-up JavaScript, brotli (KiB)', '', fmt(wa / 1024), '', fmt(wb / 1024), (wb / wa).toFixed(2)]);
  const result = `### ${thisName} against ${otherName}, side by side (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)

${machine()}; ${rounds} rounds of the journey benchmark (\`npm run bench -- --compare=${other} --rounds=${rounds}\`), the order alternating, ${otherName} first in the first round. Ratio: this ÷ ${otherName} (below 1 is less; for journeys per second and the ceiling ratio, above 1 is better).

${table(['figure', `${otherName}, each run`, `${otherName}, median`, `${thisName}, each run`, `${thisName}, median`, 'ratio'], rows)}
`;
  console.log(`\n${result}`);
  if (write) {
    const file = path.join(ROOT, 'BENCHMARKS.md');
    writeFileSync(file, `${readFileSync(file, 'utf8').trimEnd()}\n\n${result}`);
    console.log('Added to BENCHMARKS.md');
  }
}
