/**
 * An application's standing for the back office, derived from the core applicant tables (read only),
 * and what the evidence bundle and the review watch read beside it.
 */
import type { ApplicationStatus } from '@ekyc/contracts/calls/backoffice-queue';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { query, toDate, toNum } from '../../db/raw.ts';
import { isUuid } from '../../lib/uuid.ts';

/**
 * Each applicant's standing (activated, closed, sent back, approved, waiting for review or still in
 * progress) is written once, in SQL: `application_standing_refresh` (migrations 1000 and 2830), which
 * the triggers on applicant_stages, applicants and application_closures run, keeps
 * application_standing up to date in the same transaction. This file reads that table beside the
 * applicant; it never derives the standing again (apps/api/test/one-source.test.ts).
 */
const STANDING = sql`
  select a.id, a.created_at, a.utm_source, a.utm_campaign, a.refcode, a.client_code, a.mobile_enc,
    st.stage, st.since, st.status
  from application_standing st join applicants a on a.id = st.applicant_id`;

export interface QueueRow {
  id: string;
  createdAt: Date;
  utmSource: string | null;
  utmCampaign: string | null;
  refcode: string | null;
  clientCode: string | null;
  mobileEnc: string;
  stage: number;
  since: Date;
  status: ApplicationStatus;
}

interface RawStanding {
  id: string;
  created_at: unknown;
  utm_source: string | null;
  utm_campaign: string | null;
  refcode: string | null;
  client_code: string | null;
  mobile_enc: string;
  stage: unknown;
  since: unknown;
  status: ApplicationStatus;
}

const toQueueRow = (r: RawStanding): QueueRow => ({
  id: r.id,
  createdAt: toDate(r.created_at),
  utmSource: r.utm_source,
  utmCampaign: r.utm_campaign,
  refcode: r.refcode,
  clientCode: r.client_code,
  mobileEnc: r.mobile_enc,
  stage: toNum(r.stage),
  since: toDate(r.since),
  status: r.status,
});

export const standingRepository = {
  async standingOf(tx: Tx, applicantId: string): Promise<QueueRow | undefined> {
    const [row] = await query<RawStanding>(tx, sql`${STANDING} where st.applicant_id = ${applicantId}`);
    return row ? toQueueRow(row) : undefined;
  },
  /** The registrations after approval and every request and answer kept for them (the evidence bundle). */
  async registrationRecords(tx: Tx, applicantId: string) {
    const registrations = await query<{
      kind: string;
      status: string;
      reference: string | null;
      request_id: string | null;
      attempts: number;
      last_error: string | null;
      updated_at: unknown;
    }>(
      tx,
      sql`select kind, status, reference, request_id, attempts, last_error, updated_at from registrations
        where applicant_id = ${applicantId} order by kind`,
    );
    const evidence = await query<{
      kind: string;
      request_id: string;
      direction: string;
      body_enc: string;
      at: unknown;
    }>(
      tx,
      sql`select kind, request_id, direction, body_enc, created_at as at from registration_evidence
        where applicant_id = ${applicantId} order by id`,
    );
    return { registrations, evidence };
  },
  async fileTypes(tx: Tx, ids: string[]): Promise<Map<string, string>> {
    const valid = ids.filter((id) => isUuid(id));
    if (!valid.length) return new Map();
    const rows = await query<{ id: string; content_type: string }>(
      tx,
      sql`select id, content_type from files where id in ${valid}`,
    );
    return new Map(rows.map((r) => [r.id, r.content_type]));
  },
  /** Applicants ids with a rejected stage (to follow their resubmission). */
  async rejectedApplicantIds(tx: Tx): Promise<string[]> {
    const rows = await query<{ applicant_id: string }>(
      tx,
      sql`select distinct s.applicant_id from applicant_stages s join applicants a on a.id = s.applicant_id
          where s.admin_activity = 'Reject' and a.client_code is null`,
    );
    return rows.map((r) => r.applicant_id);
  },
};
