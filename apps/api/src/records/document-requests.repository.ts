/**
 * Document requests (document_requests, 2980_document_requests.sql): a reviewer asks for one more
 * document, the applicant answers with a stored file, the reviewer accepts or declines it. Shared
 * by the back office (asks, decides) and the applicant's status page (reads, answers); the notes
 * arrive and leave sealed. Requested and answered requests are open: they hold the approval back.
 */
import type { DocumentRequestKind, DocumentRequestState } from '@ekyc/contracts/calls/backoffice-document-requests';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { query, toDate, toNum } from '../db/raw.ts';

export interface DocumentRequestRow {
  id: string;
  applicantId: string;
  kind: DocumentRequestKind;
  noteEnc: string;
  state: DocumentRequestState;
  requestedBy: string;
  requestedByName: string;
  requestedAt: Date;
  fileId: string | null;
  answeredAt: Date | null;
  decidedBy: string | null;
  decidedByName: string | null;
  decidedAt: Date | null;
  decisionNoteEnc: string | null;
}

interface Raw {
  id: string;
  applicant_id: string;
  kind: DocumentRequestKind;
  note_enc: string;
  state: DocumentRequestState;
  requested_by: string;
  requested_by_name: string;
  requested_at: unknown;
  file_id: string | null;
  answered_at: unknown;
  decided_by: string | null;
  decided_by_name: string | null;
  decided_at: unknown;
  decision_note_enc: string | null;
}

const when = (v: unknown) => (v === null || v === undefined ? null : toDate(v));

const toRow = (r: Raw): DocumentRequestRow => ({
  id: r.id,
  applicantId: r.applicant_id,
  kind: r.kind,
  noteEnc: r.note_enc,
  state: r.state,
  requestedBy: r.requested_by,
  requestedByName: r.requested_by_name,
  requestedAt: toDate(r.requested_at),
  fileId: r.file_id,
  answeredAt: when(r.answered_at),
  decidedBy: r.decided_by,
  decidedByName: r.decided_by_name,
  decidedAt: when(r.decided_at),
  decisionNoteEnc: r.decision_note_enc,
});

const SELECT = sql`select d.id, d.applicant_id, d.kind, d.note_enc, d.state, d.requested_by, rs.name as requested_by_name,
    d.requested_at, d.file_id, d.answered_at, d.decided_by, ds.name as decided_by_name, d.decided_at, d.decision_note_enc
  from document_requests d join staff rs on rs.id = d.requested_by left join staff ds on ds.id = d.decided_by`;

export const documentRequestsRepository = {
  /** An application's requests, latest first. */
  async list(tx: Tx, applicantId: string): Promise<DocumentRequestRow[]> {
    const rows = await query<Raw>(
      tx,
      sql`${SELECT} where d.applicant_id = ${applicantId}::uuid order by d.requested_at desc, d.id`,
    );
    return rows.map(toRow);
  },
  /** The application's requested and answered requests, oldest first (the applicant's status page). */
  async openOf(tx: Tx, applicantId: string): Promise<DocumentRequestRow[]> {
    const rows = await query<Raw>(
      tx,
      sql`${SELECT} where d.applicant_id = ${applicantId}::uuid and d.state in ('requested', 'answered')
          order by d.requested_at, d.id`,
    );
    return rows.map(toRow);
  },
  async countOpen(tx: Tx, applicantId: string): Promise<number> {
    const [row] = await query<{ n: unknown }>(
      tx,
      sql`select count(*) as n from document_requests
          where applicant_id = ${applicantId}::uuid and state in ('requested', 'answered')`,
    );
    return toNum(row?.n);
  },
  /** One request of this application, locked for the caller's transaction (none for another application's). */
  async lockOf(tx: Tx, applicantId: string, id: string): Promise<DocumentRequestRow | undefined> {
    const [row] = await query<Raw>(
      tx,
      sql`${SELECT} where d.id = ${id}::uuid and d.applicant_id = ${applicantId}::uuid for update of d`,
    );
    return row ? toRow(row) : undefined;
  },
  async add(
    tx: Tx,
    r: { applicantId: string; kind: DocumentRequestKind; noteEnc: string; staffId: string },
  ): Promise<string> {
    const [row] = await query<{ id: string }>(
      tx,
      sql`insert into document_requests (applicant_id, kind, note_enc, requested_by)
          values (${r.applicantId}::uuid, ${r.kind}, ${r.noteEnc}, ${r.staffId}::uuid) returning id`,
    );
    return row!.id;
  },
  /** The applicant's file answers a requested request; audited as the applicant's act. */
  async answer(tx: Tx, applicantId: string, id: string, fileId: string): Promise<void> {
    await tx.execute(
      sql`update document_requests set state = 'answered', file_id = ${fileId}::uuid, answered_at = now()
          where id = ${id}::uuid and state = 'requested'`,
    );
    await tx.execute(
      sql`select audit_append(${applicantId}, ${applicantId}::uuid, 'applicant', ${applicantId}, 'document_request.answered',
        null::integer, null::jsonb, ${JSON.stringify({ request_id: id })}::jsonb)`,
    );
  },
  /** The reviewer's acceptance, decline or cancellation. */
  async close(
    tx: Tx,
    id: string,
    c: { state: 'accepted' | 'declined' | 'cancelled'; staffId: string; noteEnc: string | null },
  ): Promise<void> {
    await tx.execute(
      sql`update document_requests set state = ${c.state}, decided_by = ${c.staffId}::uuid,
            decided_at = greatest(now(), requested_at), decision_note_enc = ${c.noteEnc}
          where id = ${id}::uuid and state in ('requested', 'answered')`,
    );
  },
};
