/**
 * Retention of a signed application (packages/contracts/src/retention.ts). The law keeps the KYC,
 * relationship (PMLA) and depository records while the account is open and for their years after
 * its closure; an erasure request meanwhile erases at once only what no rule keeps (marketing data,
 * the selfie step's other captures, the location's detail) and the sweep erases the rest when the
 * hold ends. Applications abandoned before signing are purged after a configured time, with a
 * notice first.
 */
import { isFileRef } from '@ekyc/contracts/sections';
import { indianDay } from '@ekyc/contracts/regulation';
import {
  fileKindClasses,
  heldClasses,
  holdYears,
  MESSAGE_RECORD_CLASSES,
  partErasable,
  PROVIDER_EXCHANGE_CLASSES,
  RECORD_CLASSES,
  type RecordClass,
  retentionOn,
  SECTION_CLASSES,
} from '@ekyc/contracts/retention';
import type { PrivacyDeps } from './deps.ts';
import { MESSAGE_TEXTS } from '../../providers/messaging/texts.ts';
import type { ErasureHold } from '../../records/consents.ts';
import { fileWritesRepository as fileWrites } from '../../records/file-writes.repository.ts';
import { retentionRepository as repo } from './retention.repository.ts';
import { messageRecordsRepository as messageRecords } from '../../providers/messaging/message-records.repository.ts';

type Deps = Pick<PrivacyDeps, 'database' | 'records' | 'consents' | 'files' | 'messaging' | 'config' | 'now'>;

const addYears = (from: Date, years: number) => {
  const d = new Date(from);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d;
};
const day = (d: Date) => indianDay(d);
const NOTICES_PER_SWEEP = 500;

/** The hold a signed application's record is under: its classes, their years, from the closure if any. */
export function holdOf(hasDematAccount: boolean, closedAt: Date | null, now: Date): ErasureHold {
  const rules = retentionOn(day(closedAt ?? now));
  const keptClasses: RecordClass[] = heldClasses(hasDematAccount);
  const years = holdYears(rules, keptClasses);
  const why = keptClasses.map((c) => `${rules[c].holds} (${rules[c].source.ref})`).join('; ');
  if (!closedAt)
    return {
      until: null,
      keptClasses,
      reason: `Your account is open, so the law requires us to keep some records while you trade and for ${years} years after the account is closed: ${why}. We have erased everything else. Once your account is closed, these records are erased after ${years} years.`,
    };
  const until = addYears(closedAt, years);
  return {
    until,
    keptClasses,
    reason: `Your account was closed on ${day(closedAt)}. The law requires us to keep some records for ${years} years after the closure: ${why}. We have erased everything else, and we erase these on ${day(until)}.`,
  };
}

/** Every file reference ({ $file }) in a section's value. */
function fileRefs(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) fileRefs(v, out);
  else if (value && typeof value === 'object') {
    if (isFileRef(value)) out.add(value.$file);
    for (const v of Object.values(value)) fileRefs(v, out);
  }
  return out;
}

/** '_kyc_capture' (selfie step): the location's detail goes, its outcome (consent, inside India) stays. */
const CAPTURE_SECTION = '_kyc_capture' as const;

/**
 * Erases under a hold what no rule keeps: the marketing data (referral, campaign, browser), the
 * device location's coordinates, and the selfies not on the record (the other attempts' frames).
 */
export async function minimise(deps: Deps, applicantId: string, now: Date): Promise<void> {
  const db = deps.database.db;
  await repo.clearMarketing(db, applicantId);
  const capture = await deps.records.getSection(applicantId, CAPTURE_SECTION);
  if (capture?.location) {
    const { consent, received_at, inside_india } = capture.location;
    await deps.records.save(applicantId, {
      [CAPTURE_SECTION]: {
        ...capture,
        location: { consent, received_at, ...(inside_india !== undefined && { inside_india }) },
      },
    });
  }
  const referenced = fileRefs(await deps.records.allSections(applicantId));
  const extra = (await repo.filesOf(db, applicantId, 'selfie')).map((f) => f.id).filter((id) => !referenced.has(id));
  const keys = await db.transaction(async (tx) => {
    const deleted = await repo.deleteFiles(tx, applicantId, extra);
    await repo.markMinimised(tx, applicantId, now);
    return deleted;
  });
  for (const key of keys) {
    await deps.files.delete(key);
    await fileWrites.finish(db, key);
  }
}

const isRecordClass = (c: string): c is RecordClass => (RECORD_CLASSES as readonly string[]).includes(c);

/**
 * Retention per record class: while a closed account's record is held, the parts kept only for
 * classes whose holds have ended (KYC and PMLA 5 years after the closure) are erased, those kept
 * for a class still held (the depository's 8 years) stay; the whole record goes when the longest
 * hold ends (ConsentRecords.eraseDue). A file still named by a kept section stays. Audited on the
 * applicant's trail. Answers how many records lost a class.
 */
export async function erasePartsDue(deps: Deps, now: Date): Promise<number> {
  const db = deps.database.db;
  let done = 0;
  for (let after = '00000000-0000-0000-0000-000000000000'; ;) {
    const page = await repo.heldAfterClosure(db, after, 200);
    for (const record of page) {
      const held = record.kept.filter(isRecordClass);
      const rules = retentionOn(day(record.closedAt));
      const ended = held.filter((c) => addYears(record.closedAt, rules[c].yearsAfterClosure) <= now);
      const fresh = ended.filter((c) => !record.erased.includes(c));
      // the longest hold's end is the whole record's erasure, not a part's
      if (!fresh.length || ended.length === held.length) continue;
      const sections = (await repo.sectionNames(db, record.id)).filter((name) =>
        partErasable(SECTION_CLASSES[name], held, ended),
      );
      const remaining = Object.fromEntries(
        Object.entries(await deps.records.allSections(record.id)).filter(([name]) => !sections.includes(name)),
      );
      const stillNamed = fileRefs(remaining);
      const doomed = (await repo.allFiles(db, record.id))
        .filter((f) => !stillNamed.has(f.id) && partErasable(fileKindClasses(f.kind), held, ended))
        .map((f) => f.id);
      const providers = Object.keys(PROVIDER_EXCHANGE_CLASSES).filter((p) =>
        partErasable(PROVIDER_EXCHANGE_CLASSES[p], held, ended),
      );
      const keys = await db.transaction(async (tx) => {
        await repo.deleteSections(tx, record.id, sections);
        const exchanges = await repo.deleteExchanges(tx, record.id, providers);
        const messages = partErasable(MESSAGE_RECORD_CLASSES, held, ended)
          ? await messageRecords.deleteFor(tx, record.id)
          : 0;
        const deleted = await repo.deleteFiles(tx, record.id, doomed);
        await repo.markClassesErased(tx, record.id, fresh);
        await repo.auditSystem(tx, record.id, 'retention.classes_erased', {
          classes: fresh,
          sections,
          files: deleted.length,
          provider_exchanges: exchanges,
          message_records: messages,
          kept: held.filter((c) => !ended.includes(c)),
        });
        return deleted;
      });
      for (const key of keys) {
        await deps.files.delete(key);
        await fileWrites.finish(db, key);
      }
      done += 1;
    }
    if (page.length < 200) return done;
    after = page.at(-1)!.id;
  }
}

/**
 * Applications abandoned before signing: once one has not changed for the configured days less the
 * notice's, the applicant is told (SMS, and email when known) the day it will be erased; if it
 * still has not changed by then, it is erased (the consent records stay). A change cancels it.
 * Answers how many were noticed or erased.
 */
export async function sweepAbandoned(deps: Deps, now: Date): Promise<number> {
  const db = deps.database.db;
  const { abandonedPurgeDays, abandonedNoticeDays } = deps.config.retention;
  const dayMs = 86_400_000;
  let done = 0;
  // the records of sign-up OTPs never verified go when an abandoned application would
  await messageRecords.deleteUnlinkedBefore(db, new Date(now.getTime() - abandonedPurgeDays * dayMs));
  // a batch an hour: an SMS that failed is tried again at the next sweep, not in a loop
  const idle = await repo.abandonedWithoutNotice(
    db,
    new Date(now.getTime() - (abandonedPurgeDays - abandonedNoticeDays) * dayMs),
    NOTICES_PER_SWEEP,
  );
  for (const { id, lastChange } of idle) {
    const purgeAfter = new Date(now.getTime() + abandonedNoticeDays * dayMs);
    if (!(await notifyPurge(deps, id, purgeAfter))) continue;
    await repo.addNotice(db, { applicantId: id, noticedAt: now, purgeAfter, lastChangeAt: lastChange });
    done += 1;
  }
  for (;;) {
    const due = await repo.noticesDue(db, now, 50);
    for (const { id, idle } of due) {
      if (!idle) {
        await repo.dropNotice(db, id);
        continue;
      }
      const { language } = await deps.records.get(id);
      await deps.consents.requestErasure(id, null, now, { language, source: 'abandoned-purge' });
      if (await deps.consents.erase(id, now)) done += 1;
    }
    if (due.length < 50) return done;
  }
}

/** Tells the applicant the day their application will be erased; false when the SMS could not be sent. */
async function notifyPurge(deps: Deps, applicantId: string, purgeAfter: Date): Promise<boolean> {
  const applicant = await deps.records.get(applicantId);
  const texts = MESSAGE_TEXTS[applicant.language] ?? MESSAGE_TEXTS.en;
  const date = day(purgeAfter);
  const text = texts.purgeNotice(date);
  try {
    await deps.messaging.send({
      channel: 'sms',
      to: applicant.mobile,
      template: 'purge_notice',
      text,
      vars: { date },
      language: applicant.language,
      applicantId,
    });
  } catch {
    return false;
  }
  if (applicant.email)
    await deps.messaging
      .send({
        channel: 'email',
        to: applicant.email,
        template: 'purge_notice',
        subject: texts.purgeNoticeSubject,
        text,
        language: applicant.language,
        applicantId,
      })
      .catch(() => undefined);
  return true;
}

/** Erases the due records (holds ended, or none), then the parts of held records whose classes' holds ended, and sweeps the abandoned applications. */
export class RetentionSweep {
  constructor(private readonly deps: Deps) {}

  async sweep(now: Date): Promise<number> {
    const erased = await this.deps.consents.eraseDue(now);
    const parts = await erasePartsDue(this.deps, now);
    return erased + parts + (await sweepAbandoned(this.deps, now));
  }
}
