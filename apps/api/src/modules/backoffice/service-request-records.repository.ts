/**
 * The client's requests after the account is open, as the evidence bundle keeps them: each request
 * (its content encrypted, its signature's files, the four-eyed decisions) and each registry's
 * modification record with what was sent and answered (encrypted). Read-only over the servicing
 * tables (migration 2860), as standing.repository.ts reads the registrations'.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { query } from '../../db/raw.ts';

export interface ServiceRequestRecord {
  id: string;
  number: string | number;
  kind: string;
  status: string;
  rule_set: string;
  payload_enc: string;
  reason_code: string | null;
  reason_note: string | null;
  esign_txn: string | null;
  esign_status: string | null;
  esign_message: string | null;
  esign_completed_at: unknown;
  prepared_file_id: string | null;
  signed_file_id: string | null;
  accepted_by: string | null;
  accepted_at: unknown;
  confirmed_by: string | null;
  confirmed_at: unknown;
  created_at: unknown;
  updated_at: unknown;
}

export interface ServiceModificationRecord {
  request_id: string;
  registry: string;
  status: string;
  request_no: string;
  reference: string | null;
  reason: string | null;
  evidence_enc: string | null;
  updated_at: unknown;
}

export const serviceRequestRecordsRepository = {
  async of(tx: Tx, applicantId: string) {
    const requests = await query<ServiceRequestRecord>(
      tx,
      sql`select r.id, r.number, r.kind, r.status, r.rule_set, r.payload_enc, r.reason_code, r.reason_note,
            r.esign_txn, e.status as esign_status, e.message as esign_message, e.completed_at as esign_completed_at,
            r.prepared_file_id, r.signed_file_id, r.accepted_by, r.accepted_at, r.confirmed_by, r.confirmed_at,
            r.created_at, r.updated_at
          from service_requests r left join esign_transactions e on e.txn_id = r.esign_txn
          where r.applicant_id = ${applicantId} order by r.number`,
    );
    const modifications = await query<ServiceModificationRecord>(
      tx,
      sql`select m.request_id, m.registry, m.status, m.request_no, m.reference, m.reason, m.evidence_enc, m.updated_at
          from service_request_modifications m join service_requests r on r.id = m.request_id
          where r.applicant_id = ${applicantId} order by r.number, m.registry`,
    );
    return { requests, modifications };
  },
};
