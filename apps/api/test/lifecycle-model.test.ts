/**
 * The application's lifecycle under random sequences of actions (fast-check's model-based testing),
 * four eyes on, against the real API (on a PostgreSQL server, two API instances sharing it, as two
 * processes would: the applicant and the checker act through the second). The commands are in
 * support/lifecycle-commands.ts, the checks in support/lifecycle-model.ts. After every command:
 * - every move of the review standing is a transition of the lifecycle table (TRANSITIONS), made by
 *   the command's own accepted call, and a refused call moves nothing;
 * - no approved application has a stage sent back; a closed one has no registration case;
 * - while a stage is sent back the applicant stands at the earliest one; otherwise, when the data the
 *   signed form prints changed, at e-sign to sign the new version; otherwise at the final stage;
 * - an approved application's data is the data of the form signed last;
 * - an approved application has its registration case; the maker may not confirm (four eyes);
 * - none stuck: from where it stands the lifecycle table leads it to Completed, each move's
 *   condition met by its stages (wayOut).
 * A sample of the sequences (one in DRIVE_EVERY, drawn by fast-check, so that a shrunk failure
 * drives out too; and every one left to sign a changed form again) then takes the application
 * through the API to Approved, one in four of those on to Completed, and the moves it made must be
 * the ones the table's way out named.
 *
 * Each sequence has an applicant of its own, signed and at the final stage: an SQL copy of one the
 * sandbox fixture made (support/applicant-copies.ts; the fixture's thirty statements cost more than
 * a short sequence). A command with nothing to do makes no call, and the state read after one
 * command (one statement, support/lifecycle-state.ts) is the next one's starting point (nothing
 * else acts on the applicant). The registrations run when a command says so, not on a background
 * worker whose steps would land between (and cost as much as) the commands. The run prints how
 * often each command ran and each transition of the table was seen, and fails when one was never
 * seen.
 *
 * LIFECYCLE_MODEL_RUNS sets the number of sequences (see RUNS; `npm run test:model` runs 20,000,
 * printing its progress every 500); a failure prints the one command that replays it
 * (LIFECYCLE_MODEL_SEED, LIFECYCLE_MODEL_PATH and LIFECYCLE_MODEL_REPLAY, the commands' replay
 * path). LIFECYCLE_MODEL_PLANT breaks one check on purpose (lifecycle-model-replay.test.ts proves
 * with it that the printed command replays a failure).
 */
import { TRANSITIONS } from '@ekyc/contracts/lifecycle';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Copy, signedApplicantCopies } from './support/applicant-copies.ts';
import {
  acceptAll,
  commands,
  confirm,
  DECIDABLE,
  registrationsRun,
  resubmit,
  signAgain,
} from './support/lifecycle-commands.ts';
import {
  actors,
  check,
  commandsRun,
  type Model,
  type Real,
  transitionName,
  transitionsSeen,
  wayOut,
} from './support/lifecycle-model.ts';
import { lifecycleState } from './support/lifecycle-state.ts';
import { reviewerToken, testApp } from './support/test-app.ts';

// on the PostgreSQL server (two instances, every statement a network round trip) fewer
const RUNS = Number(process.env.LIFECYCLE_MODEL_RUNS ?? (process.env.TEST_DATABASE_URL ? 40 : 500));
/** One sequence in this many is driven out through the API (every one on the PostgreSQL server). */
const DRIVE_EVERY = process.env.TEST_DATABASE_URL ? 1 : 8;
/** Below this many sequences a transition of the table may go unseen by chance: its count is shown, not required. */
const COVERAGE_FROM = 200;

let nextApplicant: () => Promise<Copy>;

beforeAll(async () => {
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

/** The one command that runs a failed sequence again (its commands as they were shrunk). */
function replayCommand(seed: number, path: string, commandsShown: string): string {
  const replay = /replayPath="([^"]*)"/.exec(commandsShown)?.[1];
  const env = `LIFECYCLE_MODEL_SEED=${seed} LIFECYCLE_MODEL_PATH=${path}${replay ? ` LIFECYCLE_MODEL_REPLAY=${replay}` : ''}`;
  return process.env.TEST_DATABASE_URL
    ? `${env} npm run test:server -- apps/api/test/lifecycle-model.test.ts`
    : `${env} npx vitest run --project api apps/api/test/lifecycle-model.test.ts`;
}

const table = (counts: Map<string, number>, names: string[]) =>
  names.map((n) => `  ${String(counts.get(n) ?? 0).padStart(7)}  ${n}`).join('\n');

it(
  'keeps every invariant under random sequences, and every application can still be approved',
  async () => {
    const replayPath = process.env.LIFECYCLE_MODEL_REPLAY;
    // the seed is drawn here and printed first, so that a long run stopped before its end still names it
    const seed = Number(process.env.LIFECYCLE_MODEL_SEED ?? Math.floor(Math.random() * 2 ** 32) - 2 ** 31);
    console.log(`lifecycle model: ${RUNS} sequences from seed ${seed}`);
    const started = Date.now();
    const cpu = process.cpuUsage();
    let sequences = 0;
    const details = await fc.check(
      fc.asyncProperty(
        fc.commands(commands, { maxCommands: 8, ...(replayPath && { replayPath }) }),
        // one sequence in DRIVE_EVERY is driven out to Approved, one in four of those on to Completed
        fc.nat(DRIVE_EVERY - 1),
        fc.nat(3),
        async (cmds, drive, ending) => {
          // a signed applicant at the final stage, each sequence its own
          const copy = await nextApplicant();
          const model: Model = { approved: false, completed: false, closed: false };
          const real: Real = { ...copy, state: await lifecycleState(actors.app, copy.id) };
          check(model, real.state);
          await fc.asyncModelRun(() => ({ model, real }), cmds);
          // and every one left to sign a changed form again: the rarest way out, proven each time
          if (drive === 0 || real.state.standing === 'In progress') await driveOut(model, real, ending === 0);
          // a long run shows it is alive
          if (++sequences % 500 === 0)
            console.log(`lifecycle model: ${sequences} sequences, ${Math.round((Date.now() - started) / 1000)} s`);
        },
      ),
      {
        numRuns: RUNS,
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
        `lifecycle model: ${details.numRuns} sequences (${sequences} run, shrinking included), seed ${details.seed}`,
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
  Math.max(120_000, RUNS * 5_000),
);
