/**
 * A failure of the lifecycle model test is replayed by the one command it prints. A child run of
 * that test with one of its checks broken on purpose (LIFECYCLE_MODEL_PLANT: "no stage is ever sent
 * back") fails on the first send-back and prints its seed, path and command; that command, run as
 * printed in another child (the same check broken), fails again on the same shrunk sequence with
 * the same assertion.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const PLANT = { LIFECYCLE_MODEL_PLANT: 'send-back-ignored' };

/** A shell command run from the repository's root, as a developer would paste it; its exit code and output. */
function run(command: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  // a fresh Vitest, not this worker's: none of its own variables
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST')));
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', command], {
      cwd: ROOT,
      env: { ...inherited, ...env, NO_COLOR: '1', FORCE_COLOR: '0', CI: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

const line = (output: string, pattern: RegExp) => pattern.exec(output)?.[1]?.trim();

it.skipIf(process.env.TEST_DATABASE_URL)(
  'replays a failed sequence with the one command the failure prints',
  async () => {
    const first = await run('npx vitest run --project api apps/api/test/lifecycle-model.test.ts', {
      ...PLANT,
      LIFECYCLE_MODEL_RUNS: '30',
    });
    expect(first.code, first.output).not.toBe(0);
    const replay = line(first.output, /^Replay: (.+)$/m);
    const counterexample = line(first.output, /^Counterexample: (.+)$/m);
    expect(replay, first.output).toMatch(
      /^LIFECYCLE_MODEL_SEED=-?\d+ LIFECYCLE_MODEL_PATH=[\d:]+ LIFECYCLE_MODEL_REPLAY=\S+ npx vitest run /,
    );
    expect(counterexample, first.output).toMatch(/sends \d+ (?:and \d+ )?back/);
    expect(first.output).toContain('planted: a send-back is never seen');

    const again = await run(replay!, PLANT);
    expect(again.code, again.output).not.toBe(0);
    expect(line(again.output, /^Counterexample: (.+)$/m), again.output).toBe(counterexample);
    expect(again.output).toContain('planted: a send-back is never seen');
    // the seed and path run that one sequence (and its shrinking), not a new search
    expect(line(again.output, /^\{ seed: (-?\d+),/m)).toBe(line(first.output, /^\{ seed: (-?\d+),/m));
  },
  // two runs of Vitest with the app's start, each a minute or more on this shared machine
  600_000,
);
