/**
 * "Signed", in one place. An application is signed once its Aadhaar e-sign completed (the signed
 * form stored and esign_obj.signed_at written, complete-esign.ts), whatever stage it stands at
 * afterwards: a reviewer's send-back does not unsign it. In SQL that is the STATUS entry of its
 * stage list: only completing e-sign creates it, in the same statement that writes esign_obj
 * (applicant_complete_stage), and a send-back reorders the entries but never removes one. The
 * erasure request (legal hold), the PAN rule and the evidence bundle all ask here.
 *
 * One signed application per PAN: signed_pans (2500_signed_pans.sql) holds each signed PAN's keyed
 * hash once. The e-sign's completion claims it in the transaction that ends the signing, so a second
 * applicant's e-sign of the same PAN fails on the key whatever the checks before it saw.
 */
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client.ts';
import { preparedSql } from '../db/prepared.ts';
import { rowsOf } from '../db/raw.ts';
import { signedPans } from '../db/schema/pan.ts';
import type { Hasher } from '../lib/crypto.ts';
import { AppError } from '../lib/errors.ts';
import type { ApplicantRecords } from './applicant-records.ts';
import { applicantRepository } from './applicant.repository.ts';
import { signedSql } from './signed-predicate.ts';

/**
 * Other applicants whose signed (or active: a client code) application holds this PAN, in one
 * query: the PAN's signed_pans row, and the PAN holders that are signed (an application signed
 * before signed_pans existed, or left out of its backfill as the second of a pair). A closed
 * application (finally rejected or expired, closures.repository.ts) holds its PAN no more.
 */
export const signedHoldersSql = (panHash: SQL | Placeholder, exceptApplicantId: SQL | Placeholder): SQL => sql`
  select applicant_id from signed_pans where pan_hash = ${panHash}::text and applicant_id <> ${exceptApplicantId}::uuid
  union
  select h.applicant_id from pan_holders h join applicants a on a.id = h.applicant_id
  where h.pan_hash = ${panHash}::text and h.applicant_id <> ${exceptApplicantId}::uuid
    and (coalesce(a.client_code, '') <> '' or ${signedSql(sql`h.applicant_id`)})
    and not exists (select 1 from application_closures c where c.applicant_id = h.applicant_id)`;

/** The only code that touches signed_pans, and reads pan_holders for who holds a signed PAN. */
export const signedRepository = {
  /** Other applicants whose signed or active application holds this PAN (signedHoldersSql). */
  async holdersOf(tx: Tx, panHash: string, exceptApplicantId: string): Promise<string[]> {
    const rows = await preparedSql<{ applicant_id: string }>(
      tx,
      'signed_pan_holders',
      () => signedHoldersSql(sql.placeholder('pan'), sql.placeholder('except')),
      { pan: panHash, except: exceptApplicantId },
    );
    return rows.map((r) => r.applicant_id);
  },

  /** The applicant holding this PAN's signed_pans row, if any. */
  async ownerOf(tx: Tx, panHash: string): Promise<string | undefined> {
    const [row] = rowsOf<{ applicant_id: string }>(
      await tx.execute(sql`select applicant_id from signed_pans where pan_hash = ${panHash}`),
    );
    return row?.applicant_id;
  },

  /**
   * Claims the PAN for this applicant's signing (a re-signing moves its own claim to the PAN it
   * signs now). Throws the key's violation (isSignedPanTaken) when another applicant holds the PAN.
   */
  async claimPan(tx: Tx, applicantId: string, panHash: string, signedAt: Date): Promise<void> {
    await tx
      .insert(signedPans)
      .values({ panHash, applicantId, signedAt })
      .onConflictDoUpdate({ target: signedPans.applicantId, set: { panHash, signedAt } });
  },

  /**
   * Ends a pending e-sign transaction signed and claims its PAN for the applicant (claimPan), in
   * one statement: both or neither. False when the transaction had already ended; throws the key's
   * violation (isSignedPanTaken) when another applicant holds the PAN, the transaction left pending.
   */
  async finishSigningClaimingPan(
    tx: Tx,
    end: { txnId: string; message: string; at: Date },
    claim: { applicantId: string; panHash: string | null },
  ): Promise<boolean> {
    const rows = await preparedSql<{ txn_id: string }>(
      tx,
      'esign_signed_claiming_pan',
      () => sql`
        with finished as (
          update esign_transactions set status = 'signed', message = ${sql.placeholder('message')}::text,
            completed_at = ${sql.placeholder('at')}::timestamptz
          where txn_id = ${sql.placeholder('txn')} and status = 'pending'
          returning txn_id),
        claimed as (
          insert into signed_pans (pan_hash, applicant_id, signed_at)
          select ${sql.placeholder('pan')}::text, ${sql.placeholder('applicant')}::uuid, ${sql.placeholder('at')}::timestamptz
          from finished where ${sql.placeholder('pan')}::text is not null
          on conflict (applicant_id) do update set pan_hash = excluded.pan_hash, signed_at = excluded.signed_at)
        select txn_id from finished`,
      { txn: end.txnId, message: end.message, at: end.at, pan: claim.panHash, applicant: claim.applicantId },
    );
    return rows.length === 1;
  },

  /** Notes on the holder's audit trail that another applicant tried its PAN (the shared, hash-chained log). */
  auditRefusedReuse: (tx: Tx, holderId: string, otherApplicantId: string, stage: number): Promise<void> =>
    applicantRepository.audit(tx, holderId, {
      action: 'pan.reuse_refused',
      stage,
      after: { other_applicant: otherApplicantId },
    }),
};

/** Whether the application is signed (see above): the erasure request's hold, the evidence bundle. */
export const isSigned = (deps: { database: Database }, applicantId: string): Promise<boolean> =>
  applicantRepository.isSigned(deps.database.db, applicantId);

/** A PAN's keyed hash, as pan_holders and signed_pans keep it. */
export const panHashOf = (deps: { hasher: Hasher }, pan: string): string => deps.hasher.hash('pan', pan.toUpperCase());

/** The keyed hash of the PAN the applicant confirmed; null before PAN validation. */
export async function applicantPanHash(
  deps: { records: ApplicantRecords; hasher: Hasher },
  applicantId: string,
  tx?: Tx,
): Promise<string | null> {
  const pan = (await deps.records.getSection(applicantId, 'pan_obj', tx))?.pan_number;
  return pan ? panHashOf(deps, pan) : null;
}

/**
 * The other applicant whose signed or active application holds this PAN, if any; the attempt goes
 * on that holder's audit trail for the reviewer (at PAN validation and at the e-sign's consent).
 */
export async function signedHolderOf(
  deps: { database: Database },
  applicantId: string,
  panHash: string,
  stage: number,
): Promise<string | null> {
  return refuseReuse(
    deps,
    applicantId,
    await signedRepository.holdersOf(deps.database.db, panHash, applicantId),
    stage,
  );
}

/** The first of the holders found (signedHoldersSql), the attempt put on their audit trail; null for none. */
export async function refuseReuse(
  deps: { database: Database },
  applicantId: string,
  holders: string[],
  stage: number,
): Promise<string | null> {
  const [holder] = holders;
  if (!holder) return null;
  await signedRepository.auditRefusedReuse(deps.database.db, holder, applicantId, stage);
  return holder;
}

/** Whether an error is signed_pans' key refusing a PAN another applicant signed. */
export function isSignedPanTaken(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, table } = e as { code?: unknown; table?: unknown };
    if (code === '23505' && table === 'signed_pans') return true;
  }
  return false;
}

/**
 * For the approval: refuses (409) an application whose PAN another applicant's signed or active
 * application holds. The PAN's signed_pans row decides between two signed before the key existed
 * (the backfill kept the earliest). Call it in the approval's transaction, the applicant's row locked.
 */
export async function assertSoleSignedApplication(
  tx: Tx,
  deps: { records: ApplicantRecords; hasher: Hasher },
  applicantId: string,
): Promise<void> {
  const panHash = await applicantPanHash(deps, applicantId, tx);
  if (!panHash) return;
  const owner = await signedRepository.ownerOf(tx, panHash);
  if (owner === applicantId) return;
  const other = owner ?? (await signedRepository.holdersOf(tx, panHash, applicantId))[0];
  if (other)
    throw new AppError(
      'CONFLICT',
      'Another signed application holds this PAN. Only one application per PAN can be approved.',
      { other_application: other },
    );
}
