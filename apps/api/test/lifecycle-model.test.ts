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
 * drives out too; and one in IN_PROGRESS_EVERY of those left to sign a changed form again) then
 * takes the application through the API to Approved, one in four of those on to Completed, and the
 * moves it made must be the ones the table's way out named.
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
 * The run is shared between PARTS files, this one and lifecycle-model-part-2.test.ts, each in a Vitest
 * worker of its own with its own app and database (support/lifecycle-run.ts); each part checks on
 * its own that it saw every transition. LIFECYCLE_MODEL_RUNS sets the number of sequences of the
 * whole run (see RUNS; `npm run test:model` runs 20,000, printing its progress every 500); a failure
 * prints the one command that replays it in the part's file
 * (LIFECYCLE_MODEL_SEED, LIFECYCLE_MODEL_PATH and LIFECYCLE_MODEL_REPLAY, the commands' replay
 * path). LIFECYCLE_MODEL_PLANT breaks one check on purpose (lifecycle-model-replay.test.ts proves
 * with it that the printed command replays a failure).
 */
import { lifecycleModelPart } from './support/lifecycle-run.ts';

lifecycleModelPart(1);
