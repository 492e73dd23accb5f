/**
 * The statements that write an applicant's step, each one round trip and its own transaction: a
 * sign-up, sections written, a stage completed. Each locks the applicant's row and reads the stage
 * list once the lock is held (the functions of migrations 2600, 3033 and 3034); a step's window is
 * checked there, in the statement that writes, and the rows of the files the step stored are added
 * with it.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { preparedSql } from '../db/prepared.ts';
import type { Applicant } from './applicant.ts';
import type { SectionWrites } from './applicant.repository.ts';
import { fileRowsSql, fileRowValues, type NewFileRow } from './files.repository.ts';

const at = sql.placeholder;

/** A step's window of stages (ACTION_WINDOWS): a write checks it under the applicant's lock. */
export type StageWindow = readonly [number, number];
/** Where the applicant stands when a write found them outside its window. */
export interface OutsideWindow {
  stage: number | undefined;
  rework: number | undefined;
}

/** A new applicant's row, its identity sealed (mobile_enc) and indexed (mobile_hash). */
export type NewApplicant = Pick<
  Applicant,
  'whatsappOpt' | 'refcode' | 'ownRefcode' | 'utm' | 'userAgent' | 'source'
> & {
  mobileHash: string;
  mobileEnc: string;
  language: string;
};

/** A stage completed: the stage, the next one, the sections written and the review entry it may add. */
interface StageMove {
  stage: number;
  next: number;
  sections: SectionWrites;
  review: { stage: number; payloadEnc: string };
}

/** A move's parameters, as both statements take them. */
const moveValues = (move: StageMove) => ({
  stage: move.stage,
  next: move.next,
  putNames: move.sections.put.map((w) => w.name),
  putPayloads: move.sections.put.map((w) => w.payloadEnc),
  reviewStage: move.review.stage,
  review: move.review.payloadEnc,
});

export const applicantWritesRepository = {
  /**
   * A new applicant (applicant_sign_up): the row, its first stage completed with `sections` and the
   * consents given; a mobile signed up already writes nothing and answers that applicant.
   */
  async signUp(
    tx: Tx,
    applicant: NewApplicant,
    move: StageMove,
    consents: { purposes: string[]; granted: boolean[]; noticeVersion: string; source: string },
  ): Promise<{ id: string; created: boolean }> {
    const [row] = await preparedSql<{ applicant_id: string; created: boolean }>(
      tx,
      'applicant_sign_up',
      () => sql`select s.applicant_id, s.created from applicant_sign_up(${at('mobileHash')}, ${at('mobileEnc')},
        ${at('whatsappOpt')}::boolean, ${at('refcode')}, ${at('ownRefcode')}, ${at('utmSource')}, ${at('utmMedium')},
        ${at('utmCampaign')}, ${at('userAgent')}, ${at('source')}, ${at('language')}, ${at('stage')}::int,
        ${at('next')}::int, ${at('putNames')}::text[], ${at('putPayloads')}::text[], ${at('reviewStage')}::int,
        ${at('review')}, ${at('purposes')}::text[], ${at('granted')}::boolean[], ${at('noticeVersion')},
        ${at('consentSource')}) as s`,
      {
        mobileHash: applicant.mobileHash,
        mobileEnc: applicant.mobileEnc,
        whatsappOpt: applicant.whatsappOpt,
        refcode: applicant.refcode,
        ownRefcode: applicant.ownRefcode,
        utmSource: applicant.utm.source,
        utmMedium: applicant.utm.medium,
        utmCampaign: applicant.utm.campaign,
        userAgent: applicant.userAgent,
        source: applicant.source,
        language: applicant.language,
        ...moveValues(move),
        purposes: consents.purposes,
        granted: consents.granted,
        noticeVersion: consents.noticeVersion,
        consentSource: consents.source,
      },
    );
    return { id: row!.applicant_id, created: row!.created };
  },

  /**
   * Writes and removes sections while holding the applicant's row (as lock does), and adds the rows
   * of the files they name, in one statement (its own transaction: applicant_put_sections_in_window).
   * With a window, nothing is written unless the applicant's current stage, read once the lock is
   * held, lies in it (`outside` then says where they stand). Undefined for an applicant that no
   * longer exists.
   */
  async putSectionsLocked(
    tx: Tx,
    applicantId: string,
    sections: SectionWrites,
    options: { window?: StageWindow; files?: readonly NewFileRow[] } = {},
  ): Promise<{ outside?: OutsideWindow } | undefined> {
    const [row] = await preparedSql<{ written: boolean; current_stage: number | null; rework: number | null }>(
      tx,
      'applicant_put_sections',
      () => sql`with ${fileRowsSql()}
        select w.written, w.current_stage, w.rework from applicant_put_sections_in_window(${at('id')}::uuid,
          ${at('min')}::int, ${at('max')}::int, ${at('putNames')}::text[], ${at('putPayloads')}::text[],
          ${at('remove')}::text[]) as w`,
      {
        id: applicantId,
        min: options.window?.[0] ?? null,
        max: options.window?.[1] ?? null,
        putNames: sections.put.map((w) => w.name),
        putPayloads: sections.put.map((w) => w.payloadEnc),
        remove: sections.remove,
        ...fileRowValues(options.files),
      },
    );
    if (!row) return undefined;
    return row.written ? {} : { outside: { stage: row.current_stage ?? undefined, rework: row.rework ?? undefined } };
  },

  /**
   * Completes a stage in one statement (applicant_complete_stage_in_window): locks the applicant,
   * checks the step's window against the stage list read under the lock (`outside` when it does
   * not hold them: nothing written), settles the stage's entry (Pending unless accepted), writes and
   * removes the sections, adds the rows of the files they name, and makes the next stage current, or
   * the furthest reached when the applicant reworks an earlier one. Entering the review stage makes
   * its entry Pending and adds the review status given when there is none. Returns the stage made
   * current; undefined when the applicant does not exist. `unlessSigned`: a signed application
   * (records/signed.ts) completes nothing, `signed`.
   */
  async completeStage(
    tx: Tx,
    applicantId: string,
    move: StageMove & { window?: StageWindow; files?: readonly NewFileRow[] },
    unlessSigned = false,
  ): Promise<{ signed: boolean; target: number | undefined; outside?: OutsideWindow }> {
    const [row] = await preparedSql<{
      signed: boolean;
      target: number | null;
      current_stage: number | null;
      rework: number | null;
    }>(
      tx,
      'applicant_complete_stage',
      () => sql`with ${fileRowsSql()}
        select m.signed, m.target, m.current_stage, m.rework from applicant_complete_stage_in_window(${at('id')}::uuid,
          ${at('min')}::int, ${at('max')}::int, ${at('unlessSigned')}::boolean, ${at('stage')}::int, ${at('next')}::int,
          ${at('putNames')}::text[], ${at('putPayloads')}::text[], ${at('remove')}::text[], ${at('reviewStage')}::int,
          ${at('review')}::text) as m`,
      {
        id: applicantId,
        min: move.window?.[0] ?? null,
        max: move.window?.[1] ?? null,
        unlessSigned,
        ...moveValues(move),
        remove: move.sections.remove,
        ...fileRowValues(move.files),
      },
    );
    if (!row) return { signed: false, target: undefined };
    const outside =
      !row.signed && row.target === null
        ? { stage: row.current_stage ?? undefined, rework: row.rework ?? undefined }
        : undefined;
    return { signed: row.signed, target: row.target ?? undefined, ...(outside && { outside }) };
  },
};
