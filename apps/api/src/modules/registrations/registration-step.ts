/**
 * The rules of one registration's step, apart from the queue that runs it (workflow.ts): the
 * registrar a kind goes to, the pre-checks before a first submission, the evidence kept of every
 * request and answer, what an answer leads to (the UCCs once the BO id is in, CKYC once the KRA
 * accepted, the activation), and the end of the retries (`failed`, flagged, counted).
 */
import { indianDay, ruleSetOn } from '@ekyc/contracts/regulation';
import { isProviderOutage, ProviderError } from '../../providers/http.ts';
import {
  type Exchange,
  KIND_OF_EXCHANGE,
  type Registrar,
  type RegistrationAnswer,
  type RegistrationKind,
} from '../../providers/registrations/port.ts';
import { failedDeadline } from './deadlines.ts';
import type { RegistrationsDeps } from './deps.ts';
import { preCheckProblem } from './pre-checks.ts';
import { buildSubject } from './registration-subject.ts';
import { type CaseRow, registrationsRepository as repo, type StepKind } from './registrations.repository.ts';

export type StepDeps = Pick<
  RegistrationsDeps,
  'config' | 'database' | 'cipher' | 'records' | 'mnrl' | 'metrics' | 'registrars' | 'now'
>;
/** Queues a step of the same application, now or after a delay (the workflow's queue). */
export type QueueStep = (applicantId: string, kind: StepKind, afterSeconds?: number) => Promise<void>;

const isUcc = (k: RegistrationKind) => k.startsWith('ucc_');
const isBo = (k: RegistrationKind) => k.startsWith('bo_');

function registrarFor(deps: StepDeps, kind: RegistrationKind): Registrar {
  const r = deps.registrars;
  if (isUcc(kind)) return r.ucc[kind.slice(4).toUpperCase() as Exchange];
  if (isBo(kind)) return r.depository;
  return kind === 'kra' ? r.kra : r.ckyc;
}

/**
 * One step of one registration, its lease held (workflow.ts): submit it if pending (after the
 * pre-checks), check it if submitted, keep the evidence, and ask `queue` for what follows.
 */
export async function runRegistrationStep(
  deps: StepDeps,
  queue: QueueStep,
  applicantId: string,
  kind: RegistrationKind,
): Promise<void> {
  const db = deps.database.db;
  const c = await repo.getCase(db, applicantId);
  let row = await repo.get(db, applicantId, kind);
  if (!c || !row) return;
  if (row.status !== 'pending' && row.status !== 'submitted') return;
  // the UCC carries the BO id; CKYC follows the KRA record
  if (isUcc(kind) && !c.boId) return;
  if (kind === 'ckyc' && (await repo.get(db, applicantId, 'kra'))?.status !== 'accepted') return;

  const subject = {
    ...(await buildSubject(deps, c, row.attempts > 0 && row.requestId === null)),
    // claimed (its request id kept) but never answered: the last process stopped with it in flight
    interrupted: row.status === 'pending' && row.requestId !== null,
  };
  const registrar = registrarFor(deps, kind);
  let answer: RegistrationAnswer;
  try {
    if (row.status === 'pending') {
      if (kind !== 'ckyc') {
        const problem = await preCheck(deps, c, subject, kind);
        if (problem) {
          await repo.setOutcome(db, applicantId, kind, { status: 'on_hold', lastError: `Pre-check: ${problem}` });
          return;
        }
      }
      const fresh = `${c.clientCode}-${kind.replace('_', '-').toUpperCase()}-${row.attempts + 1}`;
      row = await repo.claimRequest(db, applicantId, kind, row.requestId ?? fresh);
      answer = await registrar.submit(subject, row.requestId!);
    } else answer = await registrar.check(subject, row.requestId ?? '', row.reference);
  } catch (err) {
    const message = err instanceof ProviderError ? err.message : (err as Error).message;
    await evidence(deps, applicantId, kind, row.requestId ?? '-', 'error', message);
    if (err instanceof ProviderError && !isProviderOutage(err)) {
      // the provider refused the request itself: an operator has to look at it
      await repo.setOutcome(db, applicantId, kind, { status: 'rejected', lastError: message.slice(0, 300) });
      return;
    }
    const faults = await repo.noteError(db, applicantId, kind, `${message.slice(0, 280)} (retrying)`);
    if (faults > deps.config.registrations.retryLimit) return failed(deps, applicantId, kind, message);
    throw err;
  }
  await evidence(deps, applicantId, kind, row.requestId ?? '-', 'request', answer.request);
  await evidence(deps, applicantId, kind, row.requestId ?? '-', 'response', answer.response);
  await repo.setOutcome(db, applicantId, kind, {
    status: answer.status,
    reference: answer.reference,
    lastError: answer.reason,
  });
  if (answer.status === 'submitted') return queue(applicantId, kind, deps.config.registrations.pollSeconds);
  if (answer.status !== 'accepted') return;
  await afterAccepted(deps, queue, c, kind, answer.reference);
}

/**
 * The queue's retries ran out: the registration ends `failed` (no further retry is queued), due by
 * its deadline, counted in the metrics, flagged for the back office, with a dead-letter record.
 */
async function failed(deps: StepDeps, applicantId: string, kind: RegistrationKind, message: string): Promise<void> {
  const due = failedDeadline(new Date(deps.now()));
  await repo.fail(deps.database.db, applicantId, kind, `Retries exhausted: ${message.slice(0, 270)}`, due);
  deps.metrics.registrationsFailed.inc({ kind });
  await deps.records.notifyChanged(applicantId);
}

async function afterAccepted(
  deps: StepDeps,
  queue: QueueStep,
  c: CaseRow,
  kind: RegistrationKind,
  reference: string | null,
): Promise<void> {
  if (isBo(kind) && reference) {
    await repo.setBoId(deps.database.db, c.applicantId, reference);
    for (const e of c.exchanges) await queue(c.applicantId, KIND_OF_EXCHANGE[e as Exchange]);
  }
  if (kind === 'kra') await queue(c.applicantId, 'ckyc');
  // Completed waits for the KRA's registered or validated status as for the UCCs and the BO account
  if (isUcc(kind) || isBo(kind) || kind === 'kra') await queue(c.applicantId, 'activation');
  if (!isUcc(kind) && !isBo(kind)) await deps.records.notifyChanged(c.applicantId);
}

async function preCheck(
  deps: StepDeps,
  c: CaseRow,
  subject: Parameters<typeof preCheckProblem>[0],
  kind: RegistrationKind,
): Promise<string | null> {
  const sections = await deps.records.allSections(c.applicantId);
  const pan = sections.pan_obj;
  const personal = sections.personal_obj;
  const hashes = await repo.hashesOf(deps.database.db, c.applicantId);
  const shared = hashes
    ? await repo.sharedContacts(deps.database.db, c.applicantId, hashes.mobileHash, hashes.emailHash)
    : { mobile: 0, email: 0 };
  return preCheckProblem(subject, {
    sharedMobile: shared.mobile,
    sharedEmail: shared.email,
    familyDeclaration: personal?.family_declaration === true,
    panVerified: Boolean(pan?.pan_number && pan.full_name && pan.dob),
    // the rules of the day the request goes out: the account is opened then
    rules: ruleSetOn(indianDay(new Date(deps.now()))),
    ...(isBo(kind) && { nominees: subject.nominees.length }),
    // before the exchanges' UCC: a number revoked since sign-up holds the registration for review
    ...(isUcc(kind) && { mnrl: await deps.mnrl.check(subject.mobile) }),
  });
}

async function evidence(
  deps: StepDeps,
  applicantId: string,
  kind: RegistrationKind,
  requestId: string,
  direction: 'request' | 'response' | 'error',
  body: string,
): Promise<void> {
  await repo.addEvidence(deps.database.db, {
    applicantId,
    kind,
    requestId,
    direction,
    bodyEnc: deps.cipher.encrypt(body),
  });
}
