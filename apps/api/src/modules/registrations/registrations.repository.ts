/** The registration cases, their registrations and the evidence (the corrections are in corrections.repository.ts): the only code of the module touching SQL. */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/raw.ts';
import type { RegistrationKind, RegistrationStatus } from '../../providers/registrations/port.ts';

export interface CaseRow {
  applicantId: string;
  clientCode: string;
  depository: 'CDSL' | 'NSDL';
  boId: string | null;
  exchanges: string[];
  segments: string[];
  approvedAt: Date;
  completedAt: Date | null;
  welcomeSentAt: Date | null;
  /** When its first steps were queued (null: never, the sweep starts it). */
  startedAt?: Date | null;
}

export interface RegistrationRow {
  applicantId: string;
  kind: RegistrationKind;
  status: RegistrationStatus;
  requestId: string | null;
  reference: string | null;
  attempts: number;
  lastError: string | null;
  deadlineAt: Date | null;
  updatedAt: Date;
  /** Transient faults of the request in flight (the queue's retries so far). */
  faults: number;
  /** When its retries ran out (status `failed`), until an operator's retry. */
  flaggedAt: Date | null;
}

/** A step of the workflow: one registration's, or the case's activation once its registrations are in. */
export type StepKind = RegistrationKind | 'activation';
/** The row a step's lease is on: the activation's on the case, a registration's on its own. */
const leased = (applicantId: string, kind: StepKind) =>
  kind === 'activation'
    ? { table: sql`registration_cases`, where: sql`applicant_id = ${applicantId}` }
    : { table: sql`registrations`, where: sql`applicant_id = ${applicantId} and kind = ${kind}` };

const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
/** text[] comes back as an array; a literal '{a,b}' is read too. */
const list = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.map(String)
    : typeof v === 'string'
      ? v
          .replace(/^\{|\}$/g, '')
          .split(',')
          .filter(Boolean)
      : [];

const toCase = (r: Record<string, unknown>): CaseRow => ({
  applicantId: String(r.applicant_id),
  clientCode: String(r.client_code),
  depository: r.depository as CaseRow['depository'],
  boId: (r.bo_id as string | null) ?? null,
  exchanges: list(r.exchanges),
  segments: list(r.segments),
  approvedAt: new Date(r.approved_at as string),
  completedAt: date(r.completed_at),
  welcomeSentAt: date(r.welcome_sent_at),
  startedAt: date(r.started_at),
});

const toRegistration = (r: Record<string, unknown>): RegistrationRow => ({
  applicantId: String(r.applicant_id),
  kind: r.kind as RegistrationKind,
  status: r.status as RegistrationStatus,
  requestId: (r.request_id as string | null) ?? null,
  reference: (r.reference as string | null) ?? null,
  attempts: Number(r.attempts),
  lastError: (r.last_error as string | null) ?? null,
  deadlineAt: date(r.deadline_at),
  updatedAt: new Date(r.updated_at as string),
  faults: Number(r.faults ?? 0),
  flaggedAt: date(r.flagged_at),
});

const pgArray = (items: string[]) => `{${items.map((i) => `"${i.replace(/["\\]/g, '')}"`).join(',')}}`;

export const registrationsRepository = {
  /** Opens the case once: a second approval event finds it and changes nothing. */
  async openCase(
    db: Tx,
    c: Pick<CaseRow, 'applicantId' | 'clientCode' | 'depository' | 'exchanges' | 'segments'>,
    kinds: { kind: RegistrationKind; deadlineAt: Date | null }[],
  ): Promise<boolean> {
    const inserted = rowsOf<{ applicant_id: string }>(
      await db.execute(sql`
        insert into registration_cases (applicant_id, client_code, depository, exchanges, segments)
        values (${c.applicantId}, ${c.clientCode}, ${c.depository}, ${pgArray(c.exchanges)}::text[], ${pgArray(c.segments)}::text[])
        on conflict (applicant_id) do nothing
        returning applicant_id`),
    );
    if (!inserted.length) return false;
    for (const k of kinds)
      await db.execute(sql`
        insert into registrations (applicant_id, kind, deadline_at)
        values (${c.applicantId}, ${k.kind}, ${k.deadlineAt ? k.deadlineAt.toISOString() : null})
        on conflict do nothing`);
    return true;
  },

  /** The segments active after a client's segment request, and the exchanges the client has a code at. */
  async setSegments(db: Tx, applicantId: string, segments: string[], exchanges: string[]): Promise<void> {
    await db.execute(sql`update registration_cases set segments = ${pgArray(segments)}::text[],
        exchanges = ${pgArray(exchanges)}::text[] where applicant_id = ${applicantId}`);
  },

  async getCase(db: Tx, applicantId: string): Promise<CaseRow | null> {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`select * from registration_cases where applicant_id = ${applicantId}`),
    );
    return rows[0] ? toCase(rows[0]) : null;
  },

  async list(db: Tx, applicantId: string): Promise<RegistrationRow[]> {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`select * from registrations where applicant_id = ${applicantId} order by created_at, kind`),
    );
    return rows.map(toRegistration);
  },

  async get(db: Tx, applicantId: string, kind: RegistrationKind): Promise<RegistrationRow | null> {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`select * from registrations where applicant_id = ${applicantId} and kind = ${kind}`),
    );
    return rows[0] ? toRegistration(rows[0]) : null;
  },

  /**
   * Names the request about to be sent, once: a pending row gets a request id and one more
   * attempt; a row that already has one (a step resumed after a crash) keeps it.
   */
  async claimRequest(db: Tx, applicantId: string, kind: RegistrationKind, requestId: string): Promise<RegistrationRow> {
    await db.execute(sql`
      update registrations set request_id = ${requestId}, attempts = attempts + 1, updated_at = now()
      where applicant_id = ${applicantId} and kind = ${kind} and status = 'pending' and request_id is null`);
    return (await this.get(db, applicantId, kind))!;
  },

  /**
   * Takes the step of one registration for `seconds` unless another worker holds it: answers 0 when
   * taken, otherwise the seconds left on the other worker's lease.
   */
  async lease(db: Tx, applicantId: string, kind: StepKind, seconds: number): Promise<number> {
    const { table, where } = leased(applicantId, kind);
    const taken = rowsOf<{ applicant_id: string }>(
      await db.execute(sql`
        update ${table} set lease_until = now() + make_interval(secs => ${seconds})
        where ${where} and (lease_until is null or lease_until <= now()) returning applicant_id`),
    );
    if (taken.length) return 0;
    const [held] = rowsOf<{ left: number | null }>(
      await db.execute(
        sql`select ceil(extract(epoch from lease_until - now()))::int as left from ${table} where ${where}`,
      ),
    );
    return Math.max(1, Number(held?.left ?? 1));
  },

  async release(db: Tx, applicantId: string, kind: StepKind): Promise<void> {
    const { table, where } = leased(applicantId, kind);
    await db.execute(sql`update ${table} set lease_until = null where ${where}`);
  },

  async setOutcome(
    db: Tx,
    applicantId: string,
    kind: RegistrationKind,
    o: { status: RegistrationStatus; reference?: string | null; lastError: string | null },
  ): Promise<void> {
    await db.execute(sql`
      update registrations set status = ${o.status}, reference = coalesce(${o.reference ?? null}, reference),
        last_error = ${o.lastError}, faults = 0, updated_at = now()
      where applicant_id = ${applicantId} and kind = ${kind}`);
  },

  /** Records a transient fault of the request in flight; answers how many it has had. */
  async noteError(db: Tx, applicantId: string, kind: RegistrationKind, error: string): Promise<number> {
    const [row] = rowsOf<{ faults: number }>(
      await db.execute(sql`
        update registrations set last_error = ${error}, faults = faults + 1, updated_at = now()
        where applicant_id = ${applicantId} and kind = ${kind} returning faults`),
    );
    return Number(row?.faults ?? 0);
  },

  /**
   * The retries ran out: the registration is `failed`, flagged for the back office, due by its
   * deadline (`deadlineAt` where it had none), and a dead-letter record keeps what was in flight.
   */
  async fail(db: Tx, applicantId: string, kind: RegistrationKind, lastError: string, deadlineAt: Date): Promise<void> {
    await db.execute(sql`
      with failed as (
        update registrations set status = 'failed', last_error = ${lastError}, flagged_at = now(),
          deadline_at = coalesce(deadline_at, ${deadlineAt.toISOString()}::timestamptz), updated_at = now()
        where applicant_id = ${applicantId} and kind = ${kind}
        returning applicant_id, kind, request_id, faults, last_error)
      insert into registration_dead_letters (applicant_id, kind, request_id, faults, last_error)
      select applicant_id, kind, request_id, faults, last_error from failed`);
  },

  /** The dead-letter records of an application, newest first. */
  async deadLetters(
    db: Tx,
    applicantId: string,
  ): Promise<
    { kind: string; requestId: string | null; faults: number; lastError: string | null; retriedAt: Date | null }[]
  > {
    return rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select kind, request_id, faults, last_error, retried_at from registration_dead_letters
        where applicant_id = ${applicantId} order by id desc`),
    ).map((r) => ({
      kind: String(r.kind),
      requestId: (r.request_id as string | null) ?? null,
      faults: Number(r.faults),
      lastError: (r.last_error as string | null) ?? null,
      retriedAt: date(r.retried_at),
    }));
  },

  /**
   * An operator's retry: a rejected, on-hold or failed one (or a pending one never sent) goes back
   * to pending with a new request. Refused (false) while a request is in flight: submitted, sent
   * and awaiting its answer or the queue's retry, or held by a worker right now.
   */
  async reopen(db: Tx, applicantId: string, kind: RegistrationKind): Promise<boolean> {
    const rows = rowsOf<{ kind: string }>(
      await db.execute(sql`
        with reopened as (
          update registrations set status = 'pending', request_id = null, faults = 0, flagged_at = null, updated_at = now()
          where applicant_id = ${applicantId} and kind = ${kind}
            and (status in ('rejected', 'on_hold', 'failed') or (status = 'pending' and request_id is null))
            and (lease_until is null or lease_until <= now())
          returning applicant_id, kind),
        taken_up as (
          update registration_dead_letters d set retried_at = now() from reopened o
          where d.applicant_id = o.applicant_id and d.kind = o.kind and d.retried_at is null)
        select kind from reopened`),
    );
    return rows.length > 0;
  },

  async setBoId(db: Tx, applicantId: string, boId: string): Promise<void> {
    await db.execute(sql`update registration_cases set bo_id = ${boId} where applicant_id = ${applicantId}`);
  },

  /** Marks the case completed; true for the one caller that did it. */
  async complete(db: Tx, applicantId: string): Promise<boolean> {
    const rows = rowsOf<{ applicant_id: string }>(
      await db.execute(sql`
        update registration_cases set completed_at = now()
        where applicant_id = ${applicantId} and completed_at is null returning applicant_id`),
    );
    return rows.length > 0;
  },

  /** The back office's audit trail (its hash-chained audit_append): the system's moves of the application. */
  async audit(
    db: Tx,
    applicantId: string,
    action: string,
    before: unknown,
    after: unknown,
    actor: { kind: 'staff' | 'system'; id: string | null } = { kind: 'system', id: null },
  ): Promise<void> {
    await db.execute(
      sql`select audit_append(${applicantId}, ${applicantId}::uuid, ${actor.kind}, ${actor.id}, ${action}, null::integer,
        ${before === null ? null : JSON.stringify(before)}::jsonb, ${JSON.stringify(after)}::jsonb)`,
    );
  },

  /** The activation finished: Completed, and each welcome channel tried once. */
  async welcomeSent(db: Tx, applicantId: string): Promise<void> {
    await db.execute(sql`update registration_cases set welcome_sent_at = now() where applicant_id = ${applicantId}`);
  },

  /** The welcome channels already delivered (after a crash, only the others go out). */
  async welcomesDelivered(db: Tx, applicantId: string): Promise<string[]> {
    return rowsOf<{ request_id: string }>(
      await db.execute(sql`
        select distinct request_id from registration_evidence
        where applicant_id = ${applicantId} and kind = 'welcome' and direction = 'response'`),
    ).map((r) => r.request_id.replace(/^welcome-/, ''));
  },

  async addEvidence(
    db: Tx,
    e: {
      applicantId: string;
      kind: string;
      requestId: string;
      direction: 'request' | 'response' | 'error';
      bodyEnc: string;
    },
  ): Promise<void> {
    await db.execute(sql`
      insert into registration_evidence (applicant_id, kind, request_id, direction, body_enc)
      values (${e.applicantId}, ${e.kind}, ${e.requestId}, ${e.direction}, ${e.bodyEnc})`);
  },

  async evidenceCount(db: Tx, applicantId: string): Promise<number> {
    const count = sql`select count(*)::int as n from registration_evidence where applicant_id = ${applicantId}`;
    return rowsOf<{ n: number }>(await db.execute(count))[0]?.n ?? 0;
  },

  /** Approved applications not yet tradable, oldest first, with their open registrations. */
  async notTradable(db: Tx): Promise<{ c: CaseRow; registrations: RegistrationRow[] }[]> {
    const cases = rowsOf<Record<string, unknown>>(
      await db.execute(sql`select * from registration_cases where completed_at is null order by approved_at limit 500`),
    ).map(toCase);
    if (!cases.length) return [];
    const regs = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select r.* from registrations r join registration_cases c on c.applicant_id = r.applicant_id
        where c.completed_at is null`),
    ).map(toRegistration);
    return cases.map((c) => ({ c, registrations: regs.filter((r) => r.applicantId === c.applicantId) }));
  },

  /** Applications approved (the final stage accepted) before `before` that have no registration case. */
  async approvedWithoutCase(db: Tx, before: Date): Promise<string[]> {
    return rowsOf<{ applicant_id: string }>(
      await db.execute(sql`
        select s.applicant_id from applicant_stages s
        where s.stage = 220 and s.admin_activity = 'Accept' and s.updated_at < ${before.toISOString()}::timestamptz
          and not exists (select 1 from registration_cases c where c.applicant_id = s.applicant_id)`),
    ).map((r) => r.applicant_id);
  },

  /**
   * Cases opened before `before` whose first steps were never queued (started_at, marked by
   * markStarted) and none of whose registrations was sent: their start was lost.
   */
  async unstarted(db: Tx, before: Date): Promise<string[]> {
    return rowsOf<{ applicant_id: string }>(
      await db.execute(sql`
        select c.applicant_id from registration_cases c
        where c.started_at is null and c.completed_at is null and c.approved_at < ${before.toISOString()}::timestamptz
          and not exists (select 1 from registrations r where r.applicant_id = c.applicant_id
                          and (r.status <> 'pending' or r.request_id is not null or r.attempts > 0))`),
    ).map((r) => r.applicant_id);
  },

  /** The case's first steps are queued: the sweep passes it by from now on. */
  async markStarted(db: Tx, applicantId: string): Promise<void> {
    await db.execute(sql`
      update registration_cases set started_at = now() where applicant_id = ${applicantId} and started_at is null`);
  },

  /** Registrations still to move on, and cases still to activate (after a restart: each gets its step queued again). */
  async open(db: Tx): Promise<{ applicantId: string; kind: StepKind }[]> {
    return rowsOf<{ applicant_id: string; kind: StepKind }>(
      await db.execute(sql`
        select applicant_id, kind from registrations where status in ('pending', 'submitted')
        union all
        select applicant_id, 'activation' from registration_cases where bo_id is not null and welcome_sent_at is null`),
    ).map((r) => ({ applicantId: r.applicant_id, kind: r.kind }));
  },

  /** Others already clients with this mobile or email (blind indexes): one per client unless a family declaration. */
  async sharedContacts(
    db: Tx,
    applicantId: string,
    mobileHash: string,
    emailHash: string | null,
  ): Promise<{ mobile: number; email: number }> {
    const rows = rowsOf<{ mobile: string | number; email: string | number }>(
      await db.execute(sql`
        select count(*) filter (where a.mobile_hash = ${mobileHash}) as mobile,
               count(*) filter (where ${emailHash}::text is not null and a.email_hash = ${emailHash}) as email
        from applicants a join registration_cases c on c.applicant_id = a.id
        where a.id <> ${applicantId}`),
    );
    return { mobile: Number(rows[0]?.mobile ?? 0), email: Number(rows[0]?.email ?? 0) };
  },

  async hashesOf(db: Tx, applicantId: string): Promise<{ mobileHash: string; emailHash: string | null } | null> {
    const rows = rowsOf<{ mobile_hash: string; email_hash: string | null }>(
      await db.execute(sql`select mobile_hash, email_hash from applicants where id = ${applicantId}`),
    );
    return rows[0] ? { mobileHash: rows[0].mobile_hash, emailHash: rows[0].email_hash } : null;
  },
};
