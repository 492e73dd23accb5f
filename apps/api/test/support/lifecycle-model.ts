/**
 * The lifecycle model test's model and checks (lifecycle-model.test.ts runs them, the commands are
 * in lifecycle-commands.ts): what the test knows without asking the system, the invariants read
 * after every command, and the way out that the lifecycle table offers from where an application
 * stands (none stuck).
 */
import { type LifecycleMove, type Standing, TRANSITIONS } from '@ekyc/contracts/lifecycle';
import { STAGE } from '@ekyc/contracts/stages';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Copy } from './applicant-copies.ts';
import { type LifecycleState, lifecycleState } from './lifecycle-state.ts';

/**
 * Who acts: the staff's instance (`app`), and the applicant's and the checker's (`other`: a second
 * API instance on the same database in server mode, else the same), with the staff's tokens. The
 * test fills it before the first sequence.
 */
export const actors = {} as {
  app: FastifyInstance;
  other: FastifyInstance;
  maker: string;
  checker: string;
  supervisor: string;
};

export const PLANT = process.env.LIFECYCLE_MODEL_PLANT === 'send-back-ignored';

export interface Real extends Copy {
  /** The state read after the last command (nothing else acts on the applicant in between). */
  state: LifecycleState;
  /** The move of the table the command's call made, when the system accepted it. */
  moved?: LifecycleMove;
  /** The moves made since the sequence's commands ended (the drive out, compared with the table's way out). */
  trail?: LifecycleMove[];
}
/** What the test knows without asking the system: whether the approval and the activation went through. */
export interface Model {
  approved: boolean;
  completed: boolean;
  /** Closed by a final rejection or an expiry, until a supervisor reopens it. */
  closed: boolean;
}

/** How often each command made its call, and each transition of the table was seen, over the run. */
export const commandsRun = new Map<string, number>();
export const transitionsSeen = new Map<string, number>();
export const transitionName = (from: Standing, move: LifecycleMove, to: Standing) => `${from} --${move}--> ${to}`;
export const count = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
const declared = (from: Standing, move: LifecycleMove, to: Standing) =>
  TRANSITIONS.some((t) => t.from === from && t.move === move && t.to === to);

/** The signature void (the printed data changed), nothing sent back: the applicant signs again. */
export const signingAgain = (s: { unsigned: boolean; rejected: number[] }) => s.unsigned && !s.rejected.length;

/** The invariants that hold after any command, the standing's move it made, and a way out from there. */
export async function holds(m: Model, r: Real) {
  const before = r.state;
  r.state = await lifecycleState(actors.app, r.id);
  check(m, r.state);
  wayOut(r.state);
  const { moved } = r;
  r.moved = undefined;
  if (!moved) {
    expect(r.state.standing, 'a standing moved by a refused call').toBe(before.standing);
    return;
  }
  const name = transitionName(before.standing, moved, r.state.standing);
  expect(declared(before.standing, moved, r.state.standing), `a move outside the lifecycle table: ${name}`).toBe(true);
  count(transitionsSeen, name);
  r.trail?.push(moved);
}

export function check(m: Model, s: LifecycleState) {
  expect(s.approved, 'approval as the model saw it').toBe(m.approved);
  if (m.closed) {
    expect(s.standing, 'the standing of a closed application').toBe('Closed');
    expect(s.cases, 'a closed application with a registration case').toBe(0);
    return;
  }
  expect(s.standing, 'the standing the back office shows').toBe(
    m.completed
      ? 'Completed'
      : m.approved
        ? 'Approved'
        : s.rejected.length
          ? 'Rejected'
          : s.current === STAGE.STATUS
            ? 'Pending'
            : 'In progress',
  );
  if (s.approved) {
    expect(s.unsigned, 'approved data that differs from the form signed last').toBe(false);
    expect(s.rejected, 'an approved application with a stage sent back').toEqual([]);
    expect(s.cases, 'an approved application without its registration case').toBe(1);
  } else expect(s.cases).toBe(0);
  if (PLANT) expect(s.rejected, 'planted: a send-back is never seen').toEqual([]);
  if (s.rejected.length) expect(s.current, 'the stage reworked first').toBe(Math.min(...s.rejected));
  else if (s.unsigned) expect(s.current, 'a changed form to sign again').toBe(STAGE.ESIGN);
  else expect(s.current, 'back at the final stage').toBe(STAGE.STATUS);
}

/**
 * None stuck, by the lifecycle table: the moves that take the application from where it stands to
 * Completed, each a transition of the table whose condition the stage list meets (the applicant can
 * act on the stage sent back first, signs at e-sign, the maker has stages to decide at the final
 * stage, the checker confirms what matches the form signed last, an approved one has its case). A
 * Closed one is reopened first. The test drives a sample of the sequences out through the API and
 * compares the moves it made with these.
 */
export function wayOut(s: LifecycleState): LifecycleMove[] {
  const rejected = [...s.rejected].sort((a, b) => a - b);
  let { standing, current, unsigned } = s;
  let pending = s.pending.length > 0;
  let cases = s.cases;
  const path: LifecycleMove[] = [];
  const go = (move: LifecycleMove, to: Standing, possible: boolean, what: string) => {
    expect(possible, `stuck at ${standing} (${JSON.stringify(s)}): ${what}`).toBe(true);
    expect(declared(standing, move, to), `a way out outside the table: ${transitionName(standing, move, to)}`).toBe(
      true,
    );
    path.push(move);
    standing = to;
  };
  while (standing !== 'Completed') {
    if (standing === 'Closed') go('reopen', rejected.length ? 'Rejected' : 'Pending', true, 'a supervisor reopens it');
    else if (standing === 'Rejected') {
      // the e-sign sent back is resubmitted by signing the form as it is now
      if (rejected[0] === STAGE.ESIGN) unsigned = false;
      go(
        'resubmit',
        rejected.length > 1 ? 'Rejected' : unsigned ? 'In progress' : 'Pending',
        current === rejected[0],
        'the applicant stands at the earliest stage sent back',
      );
      rejected.shift();
      // the stage resubmitted waits for a decision again
      [current, pending] = [rejected[0] ?? (unsigned ? STAGE.ESIGN : STAGE.STATUS), true];
    } else if (standing === 'In progress') {
      go('sign', 'Pending', current === STAGE.ESIGN && unsigned, 'the applicant signs the changed form at e-sign');
      [current, unsigned, pending] = [STAGE.STATUS, false, true];
    } else if (standing === 'Pending' && pending) {
      go('decide', 'Pending', current === STAGE.STATUS && !rejected.length, 'the maker decides at the final stage');
      pending = false;
    } else if (standing === 'Pending') {
      go('confirm', 'Approved', current === STAGE.STATUS && !unsigned, 'the checker confirms the form signed last');
      cases = 1; // the approval opens the case
    } else go('activate', 'Completed', standing === 'Approved' && cases === 1, 'the registrations of its case');
  }
  return path;
}
