/**
 * The only code that touches service_requests, service_request_modifications and trading_freezes
 * (migration 2860), and the client area's rows of esign_transactions (the sandbox's and a real
 * ESP's answer find the signer there, as for the account-opening form).
 */
import type { Language } from '@ekyc/contracts/constants';
import {
  nextServiceRequestStatus,
  type ServiceRejectionReason,
  type ServiceRequestEvent,
  type ServiceRequestKind,
  type ServiceRequestStatus,
} from '@ekyc/contracts/service-requests';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { query, toDate } from '../../db/raw.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';

export interface ServiceRequestRow {
  id: string;
  number: number;
  applicantId: string;
  kind: ServiceRequestKind;
  status: ServiceRequestStatus;
  payloadEnc: string;
  ruleSet: string;
  reasonCode: ServiceRejectionReason | null;
  reasonNote: string | null;
  esignTxn: string | null;
  esignInputHash: string | null;
  preparedFileId: string | null;
  signedFileId: string | null;
  acceptedBy: string | null;
  confirmedBy: string | null;
  createdAt: Date;
  updatedAt: Date;
}

type Raw = {
  id: string;
  number: string | number;
  applicant_id: string;
  kind: ServiceRequestKind;
  status: ServiceRequestStatus;
  payload_enc: string;
  rule_set: string;
  reason_code: ServiceRejectionReason | null;
  reason_note: string | null;
  esign_txn: string | null;
  esign_input_hash: string | null;
  prepared_file_id: string | null;
  signed_file_id: string | null;
  accepted_by: string | null;
  confirmed_by: string | null;
  created_at: string | Date;
  updated_at: string | Date;
};

const toRow = (r: Raw): ServiceRequestRow => ({
  id: r.id,
  number: Number(r.number),
  applicantId: r.applicant_id,
  kind: r.kind,
  status: r.status,
  payloadEnc: r.payload_enc,
  ruleSet: r.rule_set,
  reasonCode: r.reason_code,
  reasonNote: r.reason_note,
  esignTxn: r.esign_txn,
  esignInputHash: r.esign_input_hash,
  preparedFileId: r.prepared_file_id,
  signedFileId: r.signed_file_id,
  acceptedBy: r.accepted_by,
  confirmedBy: r.confirmed_by,
  createdAt: toDate(r.created_at),
  updatedAt: toDate(r.updated_at),
});

export interface ModificationRow {
  requestId: string;
  registry: string;
  status: 'pending' | 'submitted' | 'accepted' | 'rejected' | 'on_hold';
  requestNo: string;
  reference: string | null;
  reason: string | null;
}

export type RequestChanges = Partial<{
  esignTxn: string;
  esignInputHash: string;
  preparedFileId: string;
  signedFileId: string;
  acceptedBy: string;
  confirmedBy: string;
  reasonCode: ServiceRejectionReason;
  reasonNote: string;
}>;

export const servicingRepository = {
  async insert(
    tx: Tx,
    row: {
      applicantId: string;
      kind: ServiceRequestKind;
      status: ServiceRequestStatus;
      payloadEnc: string;
      ruleSet: string;
    },
  ): Promise<ServiceRequestRow> {
    const [r] = await query<Raw>(
      tx,
      sql`insert into service_requests (applicant_id, kind, status, payload_enc, rule_set)
          values (${row.applicantId}, ${row.kind}, ${row.status}, ${row.payloadEnc}, ${row.ruleSet}) returning *`,
    );
    return toRow(r!);
  },

  async get(tx: Tx, id: string): Promise<ServiceRequestRow | null> {
    if (!isUuid(id)) return null;
    const [r] = await query<Raw>(tx, sql`select * from service_requests where id = ${id}`);
    return r ? toRow(r) : null;
  },

  async byEsignTxn(tx: Tx, txn: string): Promise<ServiceRequestRow | null> {
    const [r] = await query<Raw>(tx, sql`select * from service_requests where esign_txn = ${txn}`);
    return r ? toRow(r) : null;
  },

  async listOf(tx: Tx, applicantId: string): Promise<ServiceRequestRow[]> {
    const rows = await query<Raw>(
      tx,
      sql`select * from service_requests where applicant_id = ${applicantId} order by created_at desc, number desc limit 50`,
    );
    return rows.map(toRow);
  },

  async listByStatus(tx: Tx, statuses: readonly ServiceRequestStatus[]): Promise<ServiceRequestRow[]> {
    const rows = await query<Raw>(
      tx,
      sql`select * from service_requests where status = any(${sql.raw(`array[${statuses.map((s) => `'${s}'`).join(',')}]`)}::text[])
          order by updated_at asc limit 200`,
    );
    return rows.map(toRow);
  },

  /** Other requests of the client still open (a new one of the same kind waits for them). */
  async openOfKind(tx: Tx, applicantId: string, kind: ServiceRequestKind): Promise<ServiceRequestRow | null> {
    const [r] = await query<Raw>(
      tx,
      sql`select * from service_requests where applicant_id = ${applicantId} and kind = ${kind}
          and status in ('draft', 'signed', 'in_review', 'sent_to_registries') order by created_at desc limit 1`,
    );
    return r ? toRow(r) : null;
  },

  /** A draft's payload completed (an income proof's consent, a re-KYC's DigiLocker details): never once signed. */
  async setPayload(tx: Tx, id: string, payloadEnc: string): Promise<void> {
    const done = await query<{ id: string }>(
      tx,
      sql`update service_requests set payload_enc = ${payloadEnc}, updated_at = now()
          where id = ${id} and status = 'draft' returning id`,
    );
    if (!done.length) throw new AppError('CONFLICT', 'requestChanged');
  },

  /** Sets fields of a request without moving it. */
  async change(tx: Tx, id: string, c: RequestChanges): Promise<void> {
    await tx.execute(sql`update service_requests set
        esign_txn = coalesce(${c.esignTxn ?? null}, esign_txn),
        esign_input_hash = coalesce(${c.esignInputHash ?? null}, esign_input_hash),
        prepared_file_id = coalesce(${c.preparedFileId ?? null}::uuid, prepared_file_id),
        signed_file_id = coalesce(${c.signedFileId ?? null}::uuid, signed_file_id),
        accepted_by = coalesce(${c.acceptedBy ?? null}::uuid, accepted_by),
        accepted_at = case when ${c.acceptedBy ?? null}::uuid is null then accepted_at else now() end,
        confirmed_by = coalesce(${c.confirmedBy ?? null}::uuid, confirmed_by),
        confirmed_at = case when ${c.confirmedBy ?? null}::uuid is null then confirmed_at else now() end,
        reason_code = coalesce(${c.reasonCode ?? null}, reason_code),
        reason_note = coalesce(${c.reasonNote ?? null}, reason_note),
        updated_at = now()
      where id = ${id}`);
  },

  /**
   * Moves a request by the state table (service-requests.ts) in one conditional update: a move the
   * table does not allow, or one another caller made first, answers 409.
   */
  async move(
    tx: Tx,
    row: ServiceRequestRow,
    event: ServiceRequestEvent,
    c: RequestChanges = {},
  ): Promise<ServiceRequestRow> {
    const to = nextServiceRequestStatus(row.status, event);
    if (!to) {
      // the English names the status (the back office reads it); the client's language says the request changed
      const refused = new AppError('CONFLICT', 'requestChanged');
      refused.message = `A request ${row.status.replace(/_/g, ' ')} cannot be moved so.`;
      throw refused;
    }
    const moved = await query<{ id: string }>(
      tx,
      sql`update service_requests set status = ${to}, updated_at = now() where id = ${row.id} and status = ${row.status} returning id`,
    );
    if (!moved.length) throw new AppError('CONFLICT', 'requestChanged');
    if (Object.keys(c).length) await this.change(tx, row.id, c);
    return (await this.get(tx, row.id))!;
  },

  async modifications(tx: Tx, requestId: string): Promise<ModificationRow[]> {
    const rows = await query<{
      request_id: string;
      registry: string;
      status: ModificationRow['status'];
      request_no: string;
      reference: string | null;
      reason: string | null;
    }>(tx, sql`select * from service_request_modifications where request_id = ${requestId} order by registry`);
    return rows.map((r) => ({
      requestId: r.request_id,
      registry: r.registry,
      status: r.status,
      requestNo: r.request_no,
      reference: r.reference,
      reason: r.reason,
    }));
  },

  /** What a registry was sent and answered for a request (encrypted), or null. */
  async modificationEvidence(tx: Tx, requestId: string, registry: string): Promise<string | null> {
    const [r] = await query<{ evidence_enc: string | null }>(
      tx,
      sql`select evidence_enc from service_request_modifications where request_id = ${requestId} and registry = ${registry}`,
    );
    return r?.evidence_enc ?? null;
  },

  /**
   * A registry's answer to a modification. Several processes may carry the same request on (each
   * resumes them at start-up), so an answer never moves a modification back: a final status
   * (accepted, rejected, on hold) stays, and a pass that found nothing sent does not turn a
   * submitted one back into pending.
   */
  async putModification(tx: Tx, m: ModificationRow & { evidenceEnc: string | null }): Promise<void> {
    await tx.execute(sql`insert into service_request_modifications (request_id, registry, status, request_no, reference, reason, evidence_enc)
        values (${m.requestId}, ${m.registry}, ${m.status}, ${m.requestNo}, ${m.reference}, ${m.reason}, ${m.evidenceEnc})
        on conflict (request_id, registry) do update set status = excluded.status, reference = excluded.reference,
          reason = excluded.reason, evidence_enc = coalesce(excluded.evidence_enc, service_request_modifications.evidence_enc),
          updated_at = now()
        where service_request_modifications.status not in ('accepted', 'rejected', 'on_hold')
          and not (excluded.status = 'pending' and service_request_modifications.status = 'submitted')`);
  },

  async freezeOf(tx: Tx, applicantId: string): Promise<{ frozenAt: Date; cancelledOrders: number } | null> {
    const [r] = await query<{ frozen_at: string | Date; cancelled_orders: number }>(
      tx,
      sql`select frozen_at, cancelled_orders from trading_freezes where applicant_id = ${applicantId}`,
    );
    return r ? { frozenAt: toDate(r.frozen_at), cancelledOrders: Number(r.cancelled_orders) } : null;
  },

  async setFrozen(
    tx: Tx,
    applicantId: string,
    requestId: string,
    frozenAt: Date,
    cancelledOrders: number,
  ): Promise<void> {
    await tx.execute(sql`insert into trading_freezes (applicant_id, frozen_at, request_id, cancelled_orders)
        values (${applicantId}, ${frozenAt.toISOString()}, ${requestId}, ${cancelledOrders})
        on conflict (applicant_id) do nothing`);
  },

  async clearFrozen(tx: Tx, applicantId: string): Promise<void> {
    await tx.execute(sql`delete from trading_freezes where applicant_id = ${applicantId}`);
  },

  /** An entry on the applicant's audit trail: the client (actor applicant) or a staff member. */
  async audit(
    tx: Tx,
    applicantId: string,
    action: string,
    after: unknown,
    actor: { kind: 'applicant' | 'staff' | 'system'; id: string | null },
  ): Promise<void> {
    await tx.execute(
      sql`select audit_append(${applicantId}, ${applicantId}::uuid, ${actor.kind}, ${actor.id}, ${action}, null::integer, null::jsonb, ${JSON.stringify(after)}::jsonb)`,
    );
  },

  async insertEsignTxn(
    tx: Tx,
    row: { txnId: string; applicantId: string; eproId: string; expiresAt: Date },
  ): Promise<void> {
    await tx.execute(sql`insert into esign_transactions (txn_id, applicant_id, epro_id, status, expires_at)
        values (${row.txnId}, ${row.applicantId}, ${row.eproId}, 'pending', ${row.expiresAt.toISOString()})`);
  },

  /** Ends a pending e-sign transaction once; false when it had ended already. */
  async finishEsignTxn(
    tx: Tx,
    txnId: string,
    status: 'signed' | 'failed' | 'expired',
    message: string,
  ): Promise<boolean> {
    const rows = await query<{ txn_id: string }>(
      tx,
      sql`update esign_transactions set status = ${status}, message = ${message}, completed_at = now()
          where txn_id = ${txnId} and status = 'pending' returning txn_id`,
    );
    return rows.length === 1;
  },

  /** An e-sign transaction, and the language its signer reads (the window's page is in it). */
  async esignTxn(
    tx: Tx,
    txnId: string,
  ): Promise<{ status: string; expiresAt: Date; completedAt: Date | null; language: Language } | null> {
    const [r] = await query<{
      status: string;
      expires_at: string | Date;
      completed_at: string | Date | null;
      language: Language;
    }>(
      tx,
      sql`select t.status, t.expires_at, t.completed_at, a.language from esign_transactions t
          join applicants a on a.id = t.applicant_id where t.txn_id = ${txnId}`,
    );
    return r
      ? {
          status: r.status,
          expiresAt: toDate(r.expires_at),
          completedAt: r.completed_at ? toDate(r.completed_at) : null,
          language: r.language,
        }
      : null;
  },
};
