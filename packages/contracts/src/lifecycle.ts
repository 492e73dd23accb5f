/**
 * The application's review standing and every move between standings, as one table: who makes it
 * and what must hold. The back office's use-cases ask `mayMove` under the applicant's row lock
 * before they write (decide-stages, withdraw-send-back, confirm-approval); the lifecycle diagram in
 * docs/architecture.md is generated from this table (`lifecycleDiagram`), and a test fails when the
 * two differ. The stage moves inside a standing (110 to 220, rework of a stage sent back) follow
 * the stage table (stages.ts) and `applicant_complete_stage`.
 */
import { APPLICATION_STATUSES, type ApplicationStatus } from './calls/backoffice-queue.ts';

export const LIFECYCLE_STANDINGS = APPLICATION_STATUSES;
export type Standing = ApplicationStatus;

export const LIFECYCLE_MOVES = [
  'sign',
  'decide',
  'resubmit',
  'withdraw-send-back',
  'return-to-maker',
  'confirm',
  'close',
  'expire',
  'reopen',
  'activate',
] as const;
export type LifecycleMove = (typeof LIFECYCLE_MOVES)[number];

export interface Transition {
  from: Standing;
  move: LifecycleMove;
  to: Standing;
  who: 'applicant' | 'maker' | 'checker' | 'supervisor' | 'system';
  /** What must hold for the move, as the diagram labels it. */
  when: string;
}

export const TRANSITIONS: readonly Transition[] = [
  { from: 'In progress', move: 'sign', to: 'Pending', who: 'applicant', when: 'e-signs the form (stage 220)' },
  { from: 'Pending', move: 'decide', to: 'Pending', who: 'maker', when: 'accepts stages' },
  { from: 'Pending', move: 'decide', to: 'Rejected', who: 'maker', when: 'sends a stage back with a reason' },
  { from: 'Rejected', move: 'decide', to: 'Rejected', who: 'maker', when: 'decides the other stages' },
  {
    from: 'Rejected',
    move: 'resubmit',
    to: 'Pending',
    who: 'applicant',
    when: 'resubmits the last stage sent back',
  },
  {
    from: 'Rejected',
    move: 'resubmit',
    to: 'Rejected',
    who: 'applicant',
    when: 'resubmits the earliest stage sent back; another waits',
  },
  {
    from: 'Rejected',
    move: 'resubmit',
    to: 'In progress',
    who: 'applicant',
    when: 'changes data the signed form prints: signs the new form again',
  },
  {
    from: 'Rejected',
    move: 'withdraw-send-back',
    to: 'Pending',
    who: 'maker',
    when: 'withdraws a send-back the applicant has not acted on',
  },
  {
    from: 'Rejected',
    move: 'withdraw-send-back',
    to: 'In progress',
    who: 'maker',
    when: 'withdraws the last send-back after the applicant changed data the signed form prints',
  },
  {
    from: 'Rejected',
    move: 'withdraw-send-back',
    to: 'Rejected',
    who: 'maker',
    when: 'withdraws one of several send-backs; another waits',
  },
  {
    from: 'Pending',
    move: 'return-to-maker',
    to: 'Pending',
    who: 'checker',
    when: 'returns it to the maker with a note',
  },
  {
    from: 'Pending',
    move: 'confirm',
    to: 'Approved',
    who: 'checker',
    when: 'confirms once every stage is accepted (four eyes: not one who accepted them)',
  },
  { from: 'Pending', move: 'close', to: 'Closed', who: 'maker', when: 'rejects it finally with a coded reason' },
  { from: 'Rejected', move: 'close', to: 'Closed', who: 'maker', when: 'rejects it finally with a coded reason' },
  {
    from: 'Rejected',
    move: 'expire',
    to: 'Closed',
    who: 'system',
    when: 'closes a send-back left unanswered for SEND_BACK_EXPIRY_DAYS',
  },
  {
    from: 'Closed',
    move: 'reopen',
    to: 'Pending',
    who: 'supervisor',
    when: 'reopens it with a note (no stage sent back)',
  },
  {
    from: 'Closed',
    move: 'reopen',
    to: 'Rejected',
    who: 'supervisor',
    when: 'reopens it with a note: the stages sent back wait for the applicant again',
  },
  {
    from: 'Approved',
    move: 'activate',
    to: 'Completed',
    who: 'system',
    when: 'activates once the exchanges and the depository accept the registrations',
  },
];

/** Whether `move` may start from `from` (its guard is then checked by the use-case under the lock). */
export const mayMove = (from: Standing, move: LifecycleMove): boolean =>
  TRANSITIONS.some((t) => t.from === from && t.move === move);

/** The standings `move` may start from, for a refusal's message. */
export const movesFrom = (move: LifecycleMove): Standing[] => [
  ...new Set(TRANSITIONS.filter((t) => t.move === move).map((t) => t.from)),
];

/** The lifecycle as a Mermaid state diagram, one line per transition: docs/architecture.md holds it. */
export function lifecycleDiagram(): string {
  const id = (s: Standing) => s.replace(/\s+/g, '');
  const lines = TRANSITIONS.map((t) => `    ${id(t.from)} --> ${id(t.to)}: ${t.who} ${t.when}`);
  const named = LIFECYCLE_STANDINGS.filter((s) => id(s) !== s).map((s) => `    ${id(s)}: ${s}`);
  return [
    'stateDiagram-v2',
    ...named,
    `    [*] --> ${id('In progress')}`,
    ...lines,
    '    Completed --> [*]',
    '    Closed --> [*]',
  ].join('\n');
}
