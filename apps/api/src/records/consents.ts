/**
 * Consent records under the DPDP Act and erasure on request. A consent is given or withdrawn per
 * purpose, each record keeping the notice version and the language; the latest record of a purpose
 * is the one in force. An erasure deletes the applicant's record and files, at once or, under a
 * legal hold, once the hold ends (the sweep); the consent records and the request itself stay, as
 * the proof of what was asked and done, with no personal data in them.
 */
import {
  CONSENT_PURPOSES,
  type ConsentPurpose,
  type ConsentsData,
  PRIVACY_NOTICE_VERSION,
} from '@ekyc/contracts/calls/consents';
import { indianDay } from '@ekyc/contracts/regulation';
import { type RecordClass, retentionItemOf, retentionOn } from '@ekyc/contracts/retention';
import type { Database, Tx } from '../db/client.ts';
import type { EncryptedStore } from '../documents/storage.ts';
import { fileWritesRepository as fileWrites } from './file-writes.repository.ts';
import {
  type ClosureRow,
  type ConsentRow,
  consentsRepository as repo,
  type ErasureRow,
} from './consents.repository.ts';

export type { ClosureRow, ConsentRow, ErasureRow };

/** The classes no rule keeps: erased as soon as the client asks, whatever else is held. */
export const ERASED_AT_REQUEST: readonly RecordClass[] = ['marketing', 'capture_detail'];

/** A legal hold: the classes it keeps and why; `until` null while the account is open (it runs from the closure). */
export interface ErasureHold {
  until: Date | null;
  reason: string;
  keptClasses: RecordClass[];
}

export interface ConsentContext {
  language: string;
  /** Where it was given or withdrawn: sign-up, app, erasure-request. */
  source: string;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** The consent in force for a purpose: its latest record (rows oldest first). */
const latest = (rows: ConsentRow[], purpose: ConsentPurpose) => rows.filter((r) => r.purpose === purpose).at(-1);

export class ConsentRecords {
  constructor(
    private readonly database: Database,
    private readonly files: EncryptedStore,
  ) {}

  private get db() {
    return this.database.db;
  }

  async record(
    applicantId: string,
    consents: { purpose: ConsentPurpose; granted: boolean }[],
    context: ConsentContext,
    tx: Tx = this.db,
  ): Promise<void> {
    await repo.add(
      tx,
      consents.map((c) => ({
        applicantId,
        purpose: c.purpose,
        granted: c.granted,
        noticeVersion: PRIVACY_NOTICE_VERSION,
        language: context.language,
        source: context.source,
      })),
    );
  }

  /** Every record, oldest first (the back office and the evidence bundle). */
  history(applicantId: string): Promise<ConsentRow[]> {
    return repo.of(this.db, applicantId);
  }

  erasure(applicantId: string): Promise<ErasureRow | undefined> {
    return repo.erasure(this.db, applicantId);
  }

  closure(applicantId: string): Promise<ClosureRow | undefined> {
    return repo.closure(this.db, applicantId);
  }

  /** The consent in force per purpose, the account's closure and the erasure request if any. */
  async view(applicantId: string): Promise<ConsentsData> {
    const [rows, erasure, closure] = await Promise.all([
      repo.of(this.db, applicantId),
      repo.erasure(this.db, applicantId),
      repo.closure(this.db, applicantId),
    ]);
    const rules = retentionOn(indianDay(erasure?.requestedAt ?? new Date()));
    return {
      notice_version: PRIVACY_NOTICE_VERSION,
      account_closed_at: iso(closure?.closedAt ?? null),
      purposes: CONSENT_PURPOSES.map((purpose) => {
        const record = latest(rows, purpose);
        return {
          purpose,
          granted: record?.granted ?? false,
          recorded_at: iso(record?.recordedAt ?? null),
          notice_version: record?.noticeVersion ?? null,
          language: record?.language ?? null,
        };
      }),
      erasure: erasure
        ? {
            requested_at: erasure.requestedAt.toISOString(),
            hold_until: iso(erasure.holdUntil),
            hold_reason: erasure.holdReason,
            erased_at: iso(erasure.erasedAt),
            kept: erasure.erasedAt
              ? []
              : (erasure.keptClasses ?? [])
                  .filter((c) => !erasure.classesErased.includes(c))
                  .map((c) => retentionItemOf(rules[c as RecordClass])),
            erased_now: erasure.minimisedAt ? ERASED_AT_REQUEST.map((c) => retentionItemOf(rules[c])) : [],
          }
        : null,
    };
  }

  /**
   * Records the erasure request (once) with the hold that applies (without one it is due at once;
   * a hold without an end waits for the account's closure); every purpose still granted is
   * withdrawn with it.
   */
  async requestErasure(
    applicantId: string,
    hold: ErasureHold | null,
    now: Date,
    context: ConsentContext,
  ): Promise<ErasureRow> {
    return this.db.transaction(async (tx) => {
      const existing = await repo.erasure(tx, applicantId);
      if (existing) return existing;
      const rows = await repo.of(tx, applicantId);
      const granted = CONSENT_PURPOSES.filter((p) => latest(rows, p)?.granted);
      await this.record(
        applicantId,
        granted.map((purpose) => ({ purpose, granted: false })),
        context,
        tx,
      );
      return repo.requestErasure(tx, {
        applicantId,
        requestedAt: now,
        holdUntil: hold ? hold.until : now,
        holdReason: hold?.reason ?? null,
        keptClasses: hold?.keptClasses ?? null,
      });
    });
  }

  /** Records the account's closure once (null when it was closed already). */
  close(tx: Tx, row: { applicantId: string; closedAt: Date; reason: string; closedBy: string }) {
    return repo.close(tx, row);
  }

  /** A request held while the account was open gets the hold's end, now that it is closed. */
  startHold(tx: Tx, applicantId: string, until: Date, reason: string) {
    return repo.startHold(tx, applicantId, until, reason);
  }

  /** Erases one applicant whose request is due: their record in one transaction, then the files' bytes. */
  async erase(applicantId: string, now: Date): Promise<boolean> {
    const keys = await this.db.transaction((tx) => repo.erase(tx, applicantId, now));
    if (!keys) return false;
    for (const key of keys) {
      await this.files.delete(key);
      await fileWrites.finish(this.db, key);
    }
    return true;
  }

  /** Erases every applicant whose request is due (no hold, or the hold has ended); answers how many. */
  async eraseDue(now: Date): Promise<number> {
    let erased = 0;
    for (;;) {
      const due = await repo.due(this.db, now, 50);
      for (const id of due) if (await this.erase(id, now)) erased += 1;
      if (due.length < 50) return erased;
    }
  }
}
