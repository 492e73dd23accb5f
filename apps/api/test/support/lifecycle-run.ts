/**
 * One part of the lifecycle model test (lifecycle-model.test.ts and lifecycle-model-part-2.test.ts
 * are its PARTS): Vitest runs the parts' files in workers of their own, each with its own
 * app and embedded database, so the run's sequences are shared between the machine's cores. Each
 * part draws its own seed, prints how often each command and each transition were seen in it, and
 * fails when a transition of the table was never seen in it (a part of COVERAGE_FROM sequences or
 * more), so that coverage is proven per part, not only over the run.
 */
import path from 'node:path';
import { TRANSITIONS } from '@ekyc/contracts/lifecycle';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Copy, signedApplicantCopies } from './applicant-copies.ts';
import {
  acceptAll,
  commands,
  confirm,
  DECIDABLE,
  registrationsRun,
  resubmit,
  signAgain,
} from './lifecycle-commands.ts';
import {
  actors,
  check,
  commandsRun,
  type Model,
  type Real,
  transitionName,
  transitionsSeen,
  wayOut,
} from './lifecycle-model.ts';
import { lifecycleState } from './lifecycle-state.ts';
import { reviewerToken, testApp } from './test-app.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
/** The files the run's sequences are shared between, one Vitest worker each. */
export const PARTS = 2;
/** The run's sequences, all parts together; on the PostgreSQL server (two instances, every statement a network round trip) fewer. */
const RUNS = Number(process.env.LIFECYCLE_MODEL_RUNS ?? (process.env.TEST_DATABASE_URL ? 40 : 2000));
/**
 * One sequence in this many is driven out through the API (every one on the PostgreSQL server),
 * and one in IN_PROGRESS_EVERY of those left to sign a changed form again: a run of 2,000 drives
 * out as many as one of 500 did when it drove one in eight and every one left in progress.
 */
const DRIVE_EVERY = process.env.TEST_DATABASE_URL ? 1 : 32;
const IN_PROGRESS_EVERY = process.env.TEST_DATABASE_URL ? 1 : 4;
/** Below this many sequences a transition of the table may go unseen by chance: its count is shown, not required. */
const COVERAGE_FROM = 200;

/** Takes the application out through the API: the moves made must be the ones the table's way out named. */
async function driveOut(model: Model, real: Real, complete: boolean) {
  const expected = wayOut(real.state);
  real.trail = [];
  // resubmitting what was sent back, signing a changed form again, accepting and confirming approve it
  for (let i = 0; i < DECIDABLE.length && real.state.rejected.length && !model.approved; i++)
    await resubmit().run(model, real);
  if (!model.approved) {
    await signAgain().run(model, real);
    await acceptAll().run(model, real);
    await confirm().run(model, real);
  }
  expect(model.approved, 'none stuck: the application taken to Approved').toBe(true);
  if (complete) await registrationsRun().run(model, real);
  expect(real.trail, 'the moves out, as the lifecycle table named them').toEqual(expected.slice(0, real.trail.length));
  // an application completed before (by a command, or now) has none left; an approved one its activation
  expect(expected.slice(real.trail.length), 'the moves out left undone').toEqual(model.completed ? [] : ['activate']);
}

/** The one command that runs a failed sequence again (its commands as they were shrunk), in the part's file alone. */
function replayCommand(file: string, seed: number, runPath: string, commandsShown: string): string {
  const replay = /replayPath="([^"]*)"/.exec(commandsShown)?.[1];
  const env = `LIFECYCLE_MODEL_SEED=${seed} LIFECYCLE_MODEL_PATH=${runPath}${replay ? ` LIFECYCLE_MODEL_REPLAY=${replay}` : ''}`;
  return process.env.TEST_DATABASE_URL
    ? `${env} npm run test:server -- ${file}`
    : `${env} npx vitest run --project api ${file}`;
}

const table = (counts: Map<string, number>, names: string[]) =>
  names.map((n) => `  ${String(counts.get(n) ?? 0).padStart(7)}  ${n}`).join('\n');

/** The part's test: its share of the run's sequences, from a seed of its own. */
export function lifecycleModelPart(part: number) {
  const runs = Math.ceil(RUNS / PARTS);
  let nextApplicant: () => Promise<Copy>;

  beforeAll(async () => {
    // the counts are the part's own (a worker running both parts' files keeps the modules between them)
    commandsRun.clear();
    transitionsSeen.clear();
    // the registrations run when the model's command says so (registrationsRun): a worker would take
    // their steps between the commands, unasked; the sandbox registries answer at once
    const env = { FOUR_EYES: 'true', REGISTRATIONS_WORKER: 'false', REGISTRATIONS_SANDBOX_DELAY_MS: '0' };
    const app = await testApp(env);
    // on a PostgreSQL server (npm run test:server): a second API instance sharing the database and
    // Redis, as a second process would; the row locks and the socket fan-out cross between them
    Object.assign(actors, {
      app,
      other: process.env.TEST_DATABASE_URL ? await testApp(env) : app,
      maker: await reviewerToken(app, `model.maker.${Date.now()}@broker.example`, 'reviewer'),
      checker: await reviewerToken(app, `model.checker.${Date.now()}@broker.example`, 'checker'),
      supervisor: await reviewerToken(app, `model.supervisor.${Date.now()}@broker.example`, 'supervisor'),
    });
    nextApplicant = await signedApplicantCopies(app);
  }, 120_000);
  afterAll(async () => {
    if (actors.other !== actors.app) await actors.other?.close();
    await actors.app?.close();
  });

  it(
    'keeps every invariant under random sequences, and every application can still be approved',
    async () => {
      const replayPath = process.env.LIFECYCLE_MODEL_REPLAY;
      // the seed is drawn here and printed first, so that a long run stopped before its end still names it
      const seed = Number(process.env.LIFECYCLE_MODEL_SEED ?? Math.floor(Math.random() * 2 ** 32) - 2 ** 31);
      console.log(`lifecycle model, part ${part} of ${PARTS}: ${runs} sequences from seed ${seed}`);
      const started = Date.now();
      const cpu = process.cpuUsage();
      let sequences = 0;
      const details = await fc.check(
        fc.asyncProperty(
          fc.commands(commands, { maxCommands: 8, ...(replayPath && { replayPath }) }),
          // one sequence in DRIVE_EVERY is driven out to Approved (one in IN_PROGRESS_EVERY of those
          // left in progress), one in four of those on to Completed
          fc.nat(DRIVE_EVERY - 1),
          fc.nat(3),
          async (cmds, drive, ending) => {
            // a signed applicant at the final stage, each sequence its own
            const copy = await nextApplicant();
            const model: Model = { approved: false, completed: false, closed: false };
            const real: Real = { ...copy, state: await lifecycleState(actors.app, copy.id) };
            check(model, real.state);
            await fc.asyncModelRun(() => ({ model, real }), cmds);
            // and of those left to sign a changed form again (the rarest way out) many more
            const inProgress = real.state.standing === 'In progress';
            if (drive === 0 || (inProgress && drive % IN_PROGRESS_EVERY === 0))
              await driveOut(model, real, ending === 0);
            // a long run shows it is alive
            if (++sequences % 500 === 0)
              console.log(
                `lifecycle model, part ${part}: ${sequences} sequences, ${Math.round((Date.now() - started) / 1000)} s`,
              );
          },
        ),
        {
          numRuns: runs,
          seed,
          ...(process.env.LIFECYCLE_MODEL_PATH && { path: process.env.LIFECYCLE_MODEL_PATH }),
        },
      );
      // the figures a long run's record in the docs gives, and what the sequences exercised
      const seconds = (Date.now() - started) / 1000;
      const { user, system } = process.cpuUsage(cpu);
      const moves = TRANSITIONS.map((t) => transitionName(t.from, t.move, t.to));
      const each = (ms: number) => (ms / Math.max(sequences, 1)).toFixed(0);
      console.log(
        [
          `lifecycle model, part ${part} of ${PARTS}: ${details.numRuns} sequences (${sequences} run, shrinking included), seed ${details.seed}`,
          `${seconds.toFixed(1)} s, ${each(seconds * 1000)} ms a sequence, ${each((user + system) / 1000)} ms of CPU`,
          'commands that made their call:',
          table(commandsRun, [...commandsRun.keys()].sort()),
          'transitions of the lifecycle table seen:',
          table(transitionsSeen, moves),
        ].join('\n'),
      );
      if (details.failed)
        throw new Error(
          `${fc.defaultReportMessage(details)}\n\nReplay: ${replayCommand(
            path.relative(ROOT, expect.getState().testPath ?? ''),
            details.seed,
            details.counterexamplePath ?? '',
            String(details.counterexample?.[0] ?? ''),
          )}`,
          { cause: details.errorInstance },
        );
      // the speed does not come from testing less: a long enough run meets every move of the table
      if (!process.env.LIFECYCLE_MODEL_SEED && details.numRuns >= COVERAGE_FROM)
        expect(
          moves.filter((n) => !transitionsSeen.has(n)),
          'transitions of the table never seen',
        ).toEqual([]);
    },
    // a hang guard: on this shared 2-core machine under load a sequence took up to 1.7 s
    Math.max(120_000, runs * 5_000),
  );
}
