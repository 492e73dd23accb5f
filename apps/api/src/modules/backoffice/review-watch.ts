/**
 * Follows applicants who were sent back: once they have resubmitted every rejected stage (the
 * records service marks it Pending again), the application returns to the queue and the status
 * screen reads 'under review' again. Watches through the profile channel, on every process, and
 * resumes after a restart from the rejected stages in the database.
 */
import { mayMove } from '@ekyc/contracts/lifecycle';
import { MSG } from '@ekyc/contracts/messages';
import type { BackofficeDeps } from './deps.ts';
import { channels } from '../../realtime/hub.ts';
import { standingRepository as repo } from './standing.repository.ts';
import { setReview } from '../../records/review.ts';

type Deps = Pick<BackofficeDeps, 'database' | 'records' | 'hub'>;

export class ReviewWatch {
  private readonly watching = new Map<string, () => void>();
  private closed = false;

  constructor(private readonly deps: Deps) {}

  /**
   * Subscribes to every applicant with a rejected stage; only those who resubmitted while the
   * subscriptions were being made are checked (one query, not one per applicant).
   */
  async start(): Promise<void> {
    const ids = await repo.rejectedApplicantIds(this.deps.database.db);
    for (let i = 0; i < ids.length; i += 100)
      await Promise.all(ids.slice(i, i + 100).map((id) => this.watch(id, false)));
    const still = new Set(await repo.rejectedApplicantIds(this.deps.database.db));
    for (const id of ids) if (!still.has(id)) await this.check(id);
  }

  async watch(applicantId: string, check = true): Promise<void> {
    if (this.closed || this.watching.has(applicantId)) return;
    this.watching.set(applicantId, () => undefined);
    const unsubscribe = await this.deps.hub.subscribe(channels.profile(applicantId), () => {
      void this.check(applicantId).catch(() => undefined);
    });
    this.watching.set(applicantId, unsubscribe);
    if (check) await this.check(applicantId);
  }

  /** When no stage is rejected any more, the review goes back to Pending and the watch ends. */
  async check(applicantId: string): Promise<void> {
    const list = await this.deps.records.kycList(applicantId);
    if (list.some((s) => s.adminActivity === 'Reject')) return;
    this.watching.get(applicantId)?.();
    this.watching.delete(applicantId);
    const { records, database } = this.deps;
    // under the applicant's row: a reviewer sending a stage back at this moment wins or waits
    const changed = await database.db.transaction(async (tx) => {
      await records.lock(applicantId, tx);
      if ((await records.kycList(applicantId, tx)).some((s) => s.adminActivity === 'Reject')) return false;
      const review = await records.getSection(applicantId, 'review_obj', tx);
      if (!review || !mayMove(review.status, 'resubmit')) return false;
      await setReview(this.deps, tx, null, applicantId, { status: 'Pending', text: MSG.statusUnderReview }, 'resubmit');
      return true;
    });
    if (changed) await records.notifyChanged(applicantId);
  }

  close(): void {
    this.closed = true;
    for (const unsubscribe of this.watching.values()) unsubscribe();
    this.watching.clear();
  }
}
