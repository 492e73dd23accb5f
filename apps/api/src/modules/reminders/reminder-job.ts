/**
 * The reminders' schedule on the durable job queue (pg-boss): one job at a time in a queue of its
 * own (policy `stately`: one waiting, one running, however many processes), each run sending the
 * reminders due and queueing the next run REMINDER_SWEEP_MINUTES later. A process that dies in a
 * run leaves its job to expire and be run again by another.
 */
import type PgBoss from 'pg-boss';
import type { RemindersDeps } from './deps.ts';
import { createJobQueue, type QueueWorker, workQueue } from '../../jobs/job-queue.ts';
import { sendReminders } from './send-reminders.ts';

type Deps = Pick<RemindersDeps, 'config' | 'database' | 'records' | 'messaging' | 'now'>;

export const REMINDER_QUEUE = 'applicant-reminders';

export class ReminderJob {
  private boss: PgBoss | null = null;
  private worker: QueueWorker | null = null;
  private starting: Promise<void> | null = null;
  private stopped = false;
  onError: (err: Error) => void = () => undefined;

  constructor(private readonly deps: Deps) {}

  /** Sends the reminders due now (the job's run; tests call it with their own clock). */
  run(now: Date = new Date(this.deps.now())): Promise<number> {
    return sendReminders(this.deps, now);
  }

  /**
   * Starts the schedule: the queue, its worker and the first run. Not awaited by the app's start
   * (the queue's tables may take a while to create); stop() waits for it.
   */
  start(): Promise<void> {
    const { config } = this.deps;
    if (config.reminders.max === 0) return Promise.resolve();
    this.starting ??= this.open().catch((err: unknown) => {
      this.starting = null;
      this.onError(err instanceof Error ? err : new Error(String(err)));
    });
    return this.starting;
  }

  private async open(): Promise<void> {
    const { database } = this.deps;
    const boss = createJobQueue(database, { pollSeconds: 30, onError: (err) => this.onError(err) });
    await boss.start();
    this.boss = boss;
    if (this.stopped) return;
    await boss.createQueue(REMINDER_QUEUE, {
      name: REMINDER_QUEUE,
      policy: 'stately',
      retryLimit: 3,
      retryDelay: 60,
      expireInSeconds: 15 * 60,
    });
    this.worker = workQueue<object>(boss, REMINDER_QUEUE, { pollSeconds: 30, onError: this.onError }, async () => {
      await this.run();
      await this.next();
    });
    await this.next(0);
  }

  private async next(afterSeconds = this.deps.config.reminders.sweepMinutes * 60): Promise<void> {
    await this.boss?.send(REMINDER_QUEUE, {}, { startAfter: Math.max(1, Math.round(afterSeconds)) });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.starting;
    await this.worker?.stop();
    await this.boss?.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
    this.boss = null;
  }
}
