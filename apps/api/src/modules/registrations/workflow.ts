/**
 * The registrations after approval as a durable workflow on the job queue. One job is one step of
 * one registration (application + kind): submit it if pending, check it if submitted. Order: the
 * BO account first (the UCC carries the BO id) and the KRA upload beside it; each exchange's UCC
 * once the BO id is known; CKYC once the KRA has the record. A step records its request id before
 * sending, so a step resumed after a crash sends the same request again (the provider answers it,
 * it does not register twice); every request and answer is kept, encrypted, as evidence. Transient
 * faults (provider down, timeout, 5xx) throw, and the queue retries the step with a doubling delay;
 * when the retries run out the registration ends `failed` (flagged, counted, a dead-letter record);
 * refusals, holds and failures wait for an operator's retry. Once the BO account and every UCC are in, the
 * case's activation is a step of its own (Completed, the welcome messages).
 */
import { indianDay, ruleSetOn } from '@ekyc/contracts/regulation';
import type PgBoss from 'pg-boss';
import type { AppDeps } from '../../app-deps.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { createJobQueue, jobQueueInstalled, type QueueWorker, workQueue } from '../../jobs/job-queue.ts';
import { isProviderOutage, ProviderError } from '../../providers/http.ts';
import {
  type Exchange,
  KIND_OF_DEPOSITORY,
  KIND_OF_EXCHANGE,
  type Registrar,
  type RegistrationAnswer,
  type RegistrationKind,
} from '../../providers/registrations/port.ts';
import { newClientCode } from './client-code.ts';
import { modificationTargets, sendModification } from './modify-registrations.ts';
import { activate } from './complete-registrations.ts';
import { deadlineOf, failedDeadline } from './deadlines.ts';
import { preCheckProblem } from './pre-checks.ts';
import { buildSubject, exchangesOf, segmentsOf } from './registration-subject.ts';
import {
  type CaseRow,
  type RegistrationRow,
  registrationsRepository as repo,
  type StepKind,
} from './registrations.repository.ts';

export const REGISTRATION_QUEUE = 'registration-steps';
/** The queue of earlier versions (pg-boss's `stately` policy): removed at start, its steps queued again. */
const FORMER_QUEUE = 'registration-step';

export interface RegistrationSummary {
  clientCode: string | null;
  boId: string | null;
  completedAt: Date | null;
  segments: string[];
  kra: { status: string; reference: string | null } | null;
  ckyc: { status: string; reference: string | null } | null;
}

interface StepJob {
  applicantId: string;
  kind: StepKind;
}

const isUcc = (k: RegistrationKind) => k.startsWith('ucc_');
const isBo = (k: RegistrationKind) => k.startsWith('bo_');

export class RegistrationWorkflow {
  private boss: PgBoss | null = null;
  private starting: Promise<PgBoss> | null = null;
  private stopped = false;
  private worker: QueueWorker | null = null;
  /** Where queue errors are reported (the app's logger, once the app exists). */
  onError: (err: Error) => void = () => undefined;

  constructor(private readonly deps: () => AppDeps) {}

  /**
   * Starts the queue and its worker when the database has registrations under way (or used the
   * queue before); otherwise the first approval starts it. Steps of open registrations are queued
   * again, so a restart picks up what a stopped process left.
   */
  async resume(): Promise<void> {
    const { database } = this.deps();
    const open = await repo.open(database.db);
    if (!open.length && !(await jobQueueInstalled(database))) return;
    await this.queue();
    for (const o of open) await this.enqueue(o.applicantId, o.kind);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const boss = this.boss ?? (await this.starting?.catch(() => null));
    // the step in hand ends and its outcome is recorded before the database closes
    await this.worker?.stop();
    if (boss) await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
  }

  private queue(): Promise<PgBoss> {
    if (this.boss) return Promise.resolve(this.boss);
    this.starting ??= (async () => {
      const { database, config } = this.deps();
      const boss = createJobQueue(database, {
        pollSeconds: config.registrations.pollSeconds,
        onError: (err) => this.onError(err),
      });
      await boss.start();
      if (await boss.getQueue(FORMER_QUEUE)) await boss.deleteQueue(FORMER_QUEUE);
      await boss.createQueue(REGISTRATION_QUEUE, {
        name: REGISTRATION_QUEUE,
        // one step of one registration waiting at a time (a lease on its row keeps a second worker
        // off it while it runs). Not `stately`: its one-running-per-key rule fails the fetch of a
        // waiting step whose earlier one is still marked running, and that blocks the whole queue
        // until the running one expires, as when a process dies mid-step.
        policy: 'short',
        retryLimit: config.registrations.retryLimit,
        retryDelay: config.registrations.pollSeconds,
        retryBackoff: true,
        expireInSeconds: 120,
      });
      if (config.registrations.worker && !this.stopped)
        this.worker = workQueue<StepJob>(
          boss,
          REGISTRATION_QUEUE,
          { pollSeconds: Math.max(0.5, config.registrations.pollSeconds / 2), onError: (err) => this.onError(err) },
          (job) => this.step(job.applicantId, job.kind),
        );
      this.boss = boss;
      return boss;
    })();
    return this.starting;
  }

  private async enqueue(applicantId: string, kind: StepKind, afterSeconds = 0): Promise<void> {
    const boss = await this.queue();
    await boss.send(REGISTRATION_QUEUE, { applicantId, kind } satisfies StepJob, {
      singletonKey: `${applicantId}:${kind}`,
      ...(afterSeconds > 0 && { startAfter: afterSeconds }),
    });
    if (afterSeconds === 0) this.worker?.wake();
  }

  /** The application was approved: its case opens with the registrations it needs, and the first steps start. */
  async begin(applicantId: string): Promise<void> {
    if (await this.open(applicantId, this.deps().database.db)) await this.start(applicantId);
  }

  /**
   * Opens the case of an approved application with the registrations it needs, in the approval's
   * own transaction (so one is never without the other); false when it was open already. Its
   * registrations wait as `pending` until start() queues their first steps (the sweep does it for
   * a case whose start was lost).
   */
  async open(applicantId: string, tx: Tx): Promise<boolean> {
    const deps = this.deps();
    const sections = await deps.records.allSections(applicantId, tx);
    const segments = segmentsOf(sections);
    const exchanges = exchangesOf(segments);
    const depository = deps.config.registrations.depository;
    const approvedAt = new Date(deps.now());
    const kinds: RegistrationKind[] = [
      KIND_OF_DEPOSITORY[depository],
      ...exchanges.map((e) => KIND_OF_EXCHANGE[e]),
      'kra',
      'ckyc',
    ];
    return repo.openCase(
      tx,
      { applicantId, clientCode: newClientCode(), depository, exchanges, segments },
      kinds.map((kind) => ({ kind, deadlineAt: deadlineOf(kind, approvedAt) })),
    );
  }

  /** Queues the first steps of an opened case: the depository account and the KRA upload. */
  async start(applicantId: string): Promise<void> {
    const c = await repo.getCase(this.deps().database.db, applicantId);
    if (!c) return;
    await this.enqueue(applicantId, KIND_OF_DEPOSITORY[c.depository]);
    await this.enqueue(applicantId, 'kra');
  }

  /**
   * Repairs what an approval cut short (a process that died between the approval's commit and the
   * queueing of its first steps): an approved application without a case gets one, and a case none
   * of whose registrations was ever sent is started (a step already queued is not queued twice).
   * Only what is older than a minute: an approval in flight is left to finish. Returns how many.
   */
  async sweep(): Promise<number> {
    const db = this.deps().database.db;
    const before = new Date(this.deps().now() - 60_000);
    const orphans = await repo.approvedWithoutCase(db, before);
    for (const applicantId of orphans) await this.begin(applicantId);
    const unstarted = await repo.unstarted(db, before);
    for (const applicantId of unstarted) await this.start(applicantId);
    return orphans.length + unstarted.length;
  }

  /** What the applicant's status screen shows of the registrations. */
  async summary(applicantId: string): Promise<RegistrationSummary | null> {
    const db = this.deps().database.db;
    const c = await repo.getCase(db, applicantId);
    if (!c) return null;
    const rows = await repo.list(db, applicantId);
    const of = (kind: RegistrationKind) => {
      const r = rows.find((x) => x.kind === kind);
      return r ? { status: r.status, reference: r.status === 'accepted' ? r.reference : null } : null;
    };
    return {
      clientCode: c.completedAt ? c.clientCode : null,
      boId: c.completedAt ? c.boId : null,
      completedAt: c.completedAt,
      segments: c.segments,
      kra: of('kra'),
      ckyc: of('ckyc'),
    };
  }

  /** An operator sends a rejected or on-hold registration again (after correcting the data). */
  async retry(applicantId: string, kind: RegistrationKind): Promise<RegistrationRow> {
    const db = this.deps().database.db;
    const row = await repo.get(db, applicantId, kind);
    if (!row) throw new AppError('NOT_FOUND', 'No such registration for this application.');
    // one statement decides, so a retry never races the request in flight into a second one
    if (!(await repo.reopen(db, applicantId, kind)))
      throw new AppError(
        'CONFLICT',
        row.status === 'accepted'
          ? 'An accepted registration is not sent again.'
          : 'Its request is still in flight: wait for the answer, or for the retries to end.',
        { status: row.status },
      );
    await this.enqueue(applicantId, kind);
    return (await repo.get(db, applicantId, kind))!;
  }

  /** The registries a client's request changes (the client area). */
  modificationTargets(applicantId: string): Promise<RegistrationKind[]> {
    return modificationTargets(this.deps(), applicantId);
  }

  /** One registry's modification record of a client's request, sent or checked (modify-registrations.ts). */
  sendModification(applicantId: string, input: Parameters<typeof sendModification>[2]): Promise<RegistrationAnswer> {
    return sendModification(this.deps(), applicantId, input);
  }

  private registrar(c: CaseRow, kind: RegistrationKind): Registrar {
    const r = this.deps().registrars;
    if (isUcc(kind)) return r.ucc[kind.slice(4).toUpperCase() as Exchange];
    if (isBo(kind)) return r.depository;
    return kind === 'kra' ? r.kra : r.ckyc;
  }

  /**
   * One step of one registration (the job's work), under a lease on its row: while another worker
   * holds it, the step is queued again for when that lease ends (the holder queues what follows,
   * and if it died, this picks the step up).
   */
  async step(applicantId: string, kind: StepKind): Promise<void> {
    const deps = this.deps();
    const { database, config } = deps;
    const busy = await repo.lease(database.db, applicantId, kind, config.registrations.leaseSeconds);
    if (busy) return this.enqueue(applicantId, kind, busy);
    try {
      if (kind === 'activation') await activate(deps, applicantId);
      else await this.stepHeld(applicantId, kind);
    } finally {
      await repo.release(database.db, applicantId, kind);
    }
  }

  private async stepHeld(applicantId: string, kind: RegistrationKind): Promise<void> {
    const deps = this.deps();
    const db = deps.database.db;
    const c = await repo.getCase(db, applicantId);
    let row = await repo.get(db, applicantId, kind);
    if (!c || !row) return;
    if (row.status !== 'pending' && row.status !== 'submitted') return;
    // the UCC carries the BO id; CKYC follows the KRA record
    if (isUcc(kind) && !c.boId) return;
    if (kind === 'ckyc' && (await repo.get(db, applicantId, 'kra'))?.status !== 'accepted') return;

    const subject = await buildSubject(deps, c, row.attempts > 0 && row.requestId === null);
    const registrar = this.registrar(c, kind);
    let answer: RegistrationAnswer;
    try {
      if (row.status === 'pending') {
        if (kind !== 'ckyc') {
          const problem = await this.preCheck(c, subject, kind);
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
      await this.evidence(applicantId, kind, row.requestId ?? '-', 'error', message);
      if (err instanceof ProviderError && !isProviderOutage(err)) {
        // the provider refused the request itself: an operator has to look at it
        await repo.setOutcome(db, applicantId, kind, { status: 'rejected', lastError: message.slice(0, 300) });
        return;
      }
      const faults = await repo.noteError(db, applicantId, kind, `${message.slice(0, 280)} (retrying)`);
      if (faults > deps.config.registrations.retryLimit) return this.failed(applicantId, kind, message);
      throw err;
    }
    await this.evidence(applicantId, kind, row.requestId ?? '-', 'request', answer.request);
    await this.evidence(applicantId, kind, row.requestId ?? '-', 'response', answer.response);
    await repo.setOutcome(db, applicantId, kind, {
      status: answer.status,
      reference: answer.reference,
      lastError: answer.reason,
    });
    if (answer.status === 'submitted') return this.enqueue(applicantId, kind, deps.config.registrations.pollSeconds);
    if (answer.status !== 'accepted') return;
    await this.afterAccepted(c, kind, answer.reference);
  }

  /**
   * The queue's retries ran out: the registration ends `failed` (no further retry is queued), due by
   * its deadline, counted in the metrics, flagged for the back office, with a dead-letter record.
   */
  private async failed(applicantId: string, kind: RegistrationKind, message: string): Promise<void> {
    const deps = this.deps();
    const due = failedDeadline(new Date(deps.now()));
    await repo.fail(deps.database.db, applicantId, kind, `Retries exhausted: ${message.slice(0, 270)}`, due);
    deps.metrics.registrationsFailed.inc({ kind });
    await deps.records.notifyChanged(applicantId);
  }

  private async afterAccepted(c: CaseRow, kind: RegistrationKind, reference: string | null): Promise<void> {
    const deps = this.deps();
    if (isBo(kind) && reference) {
      await repo.setBoId(deps.database.db, c.applicantId, reference);
      for (const e of c.exchanges) await this.enqueue(c.applicantId, KIND_OF_EXCHANGE[e as Exchange]);
    }
    if (kind === 'kra') await this.enqueue(c.applicantId, 'ckyc');
    // Completed waits for the KRA's registered or validated status as for the UCCs and the BO account
    if (isUcc(kind) || isBo(kind) || kind === 'kra') await this.enqueue(c.applicantId, 'activation');
    if (!isUcc(kind) && !isBo(kind)) await deps.records.notifyChanged(c.applicantId);
  }

  private async preCheck(
    c: CaseRow,
    subject: Parameters<typeof preCheckProblem>[0],
    kind: RegistrationKind,
  ): Promise<string | null> {
    const deps = this.deps();
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

  private async evidence(
    applicantId: string,
    kind: RegistrationKind,
    requestId: string,
    direction: 'request' | 'response' | 'error',
    body: string,
  ): Promise<void> {
    const deps = this.deps();
    await repo.addEvidence(deps.database.db, {
      applicantId,
      kind,
      requestId,
      direction,
      bodyEnc: deps.cipher.encrypt(body),
    });
  }
}
