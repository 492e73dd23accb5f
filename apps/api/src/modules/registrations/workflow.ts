/**
 * The registrations after approval as a durable workflow on the job queue: here the queue's
 * plumbing (start, resume, stop, enqueue, the lease around each step), in registration-step.ts
 * each step's rules. One job is one step of one registration (application + kind): submit it if
 * pending, check it if submitted. Order: the BO account first (the UCC carries the BO id) and the
 * KRA upload beside it; each exchange's UCC once the BO id is known; CKYC once the KRA has the
 * record. A step records its request id before sending, so a step resumed after a crash sends the
 * same request again (the provider answers it, it does not register twice); every request and
 * answer is kept, encrypted, as evidence. Transient faults (provider down, timeout, 5xx) throw, and
 * the queue retries the step with a doubling delay; when the retries run out the registration ends
 * `failed` (flagged, counted, a dead-letter record); refusals, holds and failures wait for an
 * operator's retry. Once the BO account and every UCC are in, the case's activation is a step of
 * its own (Completed, the welcome messages).
 */
import { activeSegments } from '@ekyc/contracts/segment-holds';
import type PgBoss from 'pg-boss';
import type { Tx } from '../../db/client.ts';
import { createJobQueue, jobQueueInstalled, type QueueWorker, workQueue } from '../../jobs/job-queue.ts';
import { AppError } from '../../lib/errors.ts';
import {
  KIND_OF_DEPOSITORY,
  KIND_OF_EXCHANGE,
  type RegistrationAnswer,
  type RegistrationKind,
} from '../../providers/registrations/port.ts';
import type {
  ModificationRequest,
  Registrations,
  RegistrationSummary,
  RegistryChange,
} from '../../records/registrations.ts';
import { deceasedStops } from '../../records/screening.ts';
import { segmentHoldsRepository } from '../../records/segment-holds.repository.ts';
import { newClientCode } from './client-code.ts';
import { activate } from './complete-registrations.ts';
import { deadlineOf } from './deadlines.ts';
import type { RegistrationsDeps } from './deps.ts';
import { changeSegments, modificationTargets, sendModification } from './modify-registrations.ts';
import { runRegistrationStep } from './registration-step.ts';
import { exchangesOf, segmentsOf } from './registration-subject.ts';
import { type RegistrationRow, registrationsRepository as repo, type StepKind } from './registrations.repository.ts';

type Deps = Pick<
  RegistrationsDeps,
  'config' | 'database' | 'cipher' | 'records' | 'messaging' | 'mnrl' | 'metrics' | 'registrars' | 'now'
>;

export const REGISTRATION_QUEUE = 'registration-steps';
/** The queue of earlier versions (pg-boss's `stately` policy): removed at start, its steps queued again. */
const FORMER_QUEUE = 'registration-step';

interface StepJob {
  applicantId: string;
  kind: StepKind;
}

export class RegistrationWorkflow implements Registrations {
  private boss: PgBoss | null = null;
  private starting: Promise<PgBoss> | null = null;
  private stopped = false;
  private worker: QueueWorker | null = null;
  /** Where queue errors are reported (the app's logger, once the app exists). */
  onError: (err: Error) => void = () => undefined;

  constructor(private readonly deps: Deps) {}

  /**
   * Starts the queue and its worker when the database has registrations under way (or used the
   * queue before); otherwise the first approval starts it. Steps of open registrations are queued
   * again, so a restart picks up what a stopped process left.
   */
  async resume(): Promise<void> {
    const { database } = this.deps;
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
      const { database, config } = this.deps;
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
    if (await this.open(applicantId, this.deps.database.db)) await this.start(applicantId);
  }

  /**
   * Opens the case of an approved application with the registrations its active segments need (the
   * segments held back pending proof left out), in the approval's
   * own transaction (so one is never without the other); false when it was open already. Its
   * registrations wait as `pending` until start() queues their first steps (the sweep does it for
   * a case whose start was lost).
   */
  async open(applicantId: string, tx: Tx): Promise<boolean> {
    const deps = this.deps;
    const sections = await deps.records.allSections(applicantId, tx);
    // partial approval: a segment held back pending its proof is not registered (no UCC segment,
    // and no exchange that only it needs: MCX when commodity waits)
    const held = (await segmentHoldsRepository.list(tx, applicantId)).map((h) => h.segment);
    const segments = activeSegments(segmentsOf(sections), held);
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
    const c = await repo.getCase(this.deps.database.db, applicantId);
    if (!c || (await deceasedStops(this.deps.database.db, applicantId, 'registrations'))) return;
    await this.enqueue(applicantId, KIND_OF_DEPOSITORY[c.depository]);
    await this.enqueue(applicantId, 'kra');
    // marked after the queueing: a process that dies in between leaves it to the sweep
    if (!c.startedAt) await repo.markStarted(this.deps.database.db, applicantId);
  }

  /**
   * Repairs what an approval cut short (a process that died between the approval's commit and the
   * queueing of its first steps): an approved application without a case gets one, and a case none
   * of whose registrations was ever sent is started (a step already queued is not queued twice);
   * a case started once is not looked at again (`started_at`).
   * Only what is older than a minute: an approval in flight is left to finish. Returns how many.
   */
  async sweep(): Promise<number> {
    const db = this.deps.database.db;
    const before = new Date(this.deps.now() - 60_000);
    const orphans = await repo.approvedWithoutCase(db, before);
    for (const applicantId of orphans) await this.begin(applicantId);
    const unstarted = await repo.unstarted(db, before);
    for (const applicantId of unstarted) await this.start(applicantId);
    return orphans.length + unstarted.length;
  }

  /** What the applicant's status screen shows of the registrations. */
  async summary(applicantId: string): Promise<RegistrationSummary | null> {
    const db = this.deps.database.db;
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
    const db = this.deps.database.db;
    const row = await repo.get(db, applicantId, kind);
    if (!row) throw new AppError('NOT_FOUND', 'No such registration for this application.');
    if (await deceasedStops(db, applicantId, 'registrations'))
      throw new AppError('CONFLICT', 'The client is recorded as deceased: the registrations take no further step.');
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
  modificationTargets(
    applicantId: string,
    change?: RegistryChange,
    options?: { kra?: boolean },
  ): Promise<RegistrationKind[]> {
    return modificationTargets(this.deps, applicantId, change, options);
  }

  /** A segment request carried out (modify-registrations.ts). */
  changeSegments(applicantId: string, segments: string[], tx: Tx): Promise<void> {
    return changeSegments(tx, applicantId, segments);
  }

  /** One registry's modification record of a client's request, sent or checked (modify-registrations.ts). */
  sendModification(applicantId: string, input: ModificationRequest): Promise<RegistrationAnswer> {
    return sendModification(this.deps, applicantId, input);
  }

  /**
   * One step of one registration (the job's work), under a lease on its row: while another worker
   * holds it, the step is queued again for when that lease ends (the holder queues what follows,
   * and if it died, this picks the step up).
   */
  async step(applicantId: string, kind: StepKind): Promise<void> {
    const deps = this.deps;
    const { database, config } = deps;
    // a client recorded as deceased: the case stops where it is (the flag is its mark)
    if (await deceasedStops(database.db, applicantId, 'registrations')) return;
    const busy = await repo.lease(database.db, applicantId, kind, config.registrations.leaseSeconds);
    if (busy) return this.enqueue(applicantId, kind, busy);
    try {
      if (kind === 'activation') await activate(deps, applicantId);
      else await runRegistrationStep(deps, (id, next, after) => this.enqueue(id, next, after), applicantId, kind);
    } finally {
      await repo.release(database.db, applicantId, kind);
    }
  }
}
