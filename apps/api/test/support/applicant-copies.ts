/**
 * Signed applicants at the final stage, many at once: one is made by the sandbox fixture (the
 * records layer's own path), and the others are SQL copies of its rows, each with its own id,
 * mobile, email and PAN, its sections sealed afresh and its signed form made from its own facts.
 * The tables' triggers write what they derive (the stage audit, the standing, the search marks) as
 * for any insert. A copy costs a few statements in a batch where the fixture costs some thirty:
 * the lifecycle model test takes one per sequence.
 */
import { randomUUID } from 'node:crypto';
import { STAGE } from '@ekyc/contracts/stages';
import type { FastifyInstance } from 'fastify';
import { factsNow, SIGNED_FORMS, withSignedForm } from '../../src/records/signed-form.ts';
import { signedSections } from './registrations.ts';
import { uniqueMobile } from './test-app.ts';

export interface Copy {
  id: string;
  mobile: string;
  /** A signed-in token, made on first use (a session is two statements). */
  token: () => Promise<string>;
}

/** The tables a copy writes itself; the triggers write the others (audit_log and the derived ones). */
const WRITTEN = ['applicant_stages', 'applicant_sections', 'consent_records'];
/** Written by the triggers on the copy's inserts, as for the fixture's. */
const DERIVED = ['audit_log', 'application_standing', 'backoffice_search_dirty'];

const LETTERS = 'ABCDEFGHJKLMNRSTUVWXYZ';
/** A PAN of an individual per number (digits 2580: none of the sandbox's special outcomes). */
function panFor(n: number): string {
  const l = (i: number) => LETTERS[Math.floor(n / LETTERS.length ** i) % LETTERS.length]!;
  return `${l(0)}${l(1)}${l(2)}P${l(3)}2580${l(4)}`;
}

type Rows<T> = { rows: T[] };

export async function signedApplicantCopies(app: FastifyInstance) {
  const { database, records, cipher, hasher, sessions } = app.deps;
  const q = async <T>(text: string, values?: unknown[]) => ((await database.query(text, values)) as Rows<T>).rows;
  // PANs apart from other files' on a shared server database: a random start, then one each
  let next = Math.floor(Math.random() * LETTERS.length ** 5);
  const pan = () => panFor(next++);
  // own referral codes are unique: five characters counted from a random start (random ones met
  // again within some 450 batches)
  const CODE = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let code = Math.floor(Math.random() * CODE.length ** 5);
  const refcode = () => {
    const n = code++ % CODE.length ** 5;
    return Array.from({ length: 5 }, (_, i) => CODE[Math.floor(n / CODE.length ** i) % CODE.length]).join('');
  };

  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile: uniqueMobile(), stage: STAGE.STATUS, sections: signedSections(pan()) },
  });
  const template = (res.json() as { data: { applicant_id: string } }).data.applicant_id;
  const { sections } = await records.snapshot(template);
  const { [SIGNED_FORMS]: signed, ...data } = sections as Record<string, object>;
  const epro = (signed as { versions: { epro_id: string }[] }).versions.at(-1)!.epro_id;
  const copied = (
    await q<{ column_name: string }>(
      `select column_name from information_schema.columns where table_schema = 'public' and table_name = 'applicants'`,
    )
  )
    .map((c) => c.column_name)
    .filter((c) => !['id', 'mobile_hash', 'mobile_enc', 'email_hash', 'email_enc', 'own_refcode'].includes(c));
  const consentColumns = (
    await q<{ column_name: string; column_default: string | null }>(
      `select column_name, column_default from information_schema.columns
       where table_schema = 'public' and table_name = 'consent_records'`,
    )
  )
    .filter((c) => c.column_name !== 'applicant_id' && !(c.column_name === 'id' && c.column_default))
    .map((c) => c.column_name);

  /** Every table with rows of the applicant (by applicant_id), and how many. */
  async function footprint(id: string): Promise<Record<string, number>> {
    const tables = await q<{ table_name: string }>(
      `select table_name from information_schema.columns
       where table_schema = 'public' and column_name = 'applicant_id' order by table_name`,
    );
    const counts: Record<string, number> = {};
    for (const { table_name: t } of tables) {
      const [row] = await q<{ n: number }>(`select count(*)::int as n from ${t} where applicant_id = $1`, [id]);
      if (row!.n) counts[t] = row!.n;
    }
    return counts;
  }

  async function make(n: number): Promise<Copy[]> {
    const made = Array.from({ length: n }, () => {
      const mobile = uniqueMobile();
      const email = `fixture${mobile}@example.com`;
      const own = { ...data, pan_obj: { ...(data.pan_obj as object), pan_number: pan() } };
      const forms = withSignedForm(null, {
        epro_id: epro,
        signed_at: new Date().toISOString(),
        facts: factsNow({ mobile, email }, own),
      });
      return { id: randomUUID(), mobile, email, sections: { ...own, [SIGNED_FORMS]: forms } };
    });
    const ids = made.map((m) => m.id);
    const list = copied.map((c) => `"${c}"`).join(', ');
    await q(
      `insert into applicants (id, mobile_hash, mobile_enc, email_hash, email_enc, own_refcode, ${list})
       select c.id, c.mh, c.me, c.eh, c.ee, c.rc, ${copied.map((c) => `t."${c}"`).join(', ')}
       from applicants t, unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
         as c(id, mh, me, eh, ee, rc)
       where t.id = $1`,
      [
        template,
        ids,
        made.map((m) => records.mobileHash(m.mobile)),
        made.map((m) => cipher.encrypt(m.mobile)),
        made.map((m) => hasher.hash('email', m.email)),
        made.map((m) => cipher.encrypt(m.email)),
        made.map(() => refcode()),
      ],
    );
    // the stages in the template's order (seq numbers the entries; the last is the current stage)
    await q(
      `insert into applicant_stages (applicant_id, stage, admin_activity, reason)
       select c.id, s.stage, s.admin_activity, s.reason
       from unnest($2::uuid[]) with ordinality as c(id, k)
         cross join applicant_stages s
       where s.applicant_id = $1
       order by c.k, s.seq`,
      [template, ids],
    );
    const sealed = made.flatMap((m) =>
      Object.entries(m.sections).map(([name, value]) => [m.id, name, cipher.encryptJson(value)] as const),
    );
    await q(
      `insert into applicant_sections (applicant_id, name, payload_enc)
       select * from unnest($1::uuid[], $2::text[], $3::text[])`,
      [sealed.map((s) => s[0]), sealed.map((s) => s[1]), sealed.map((s) => s[2])],
    );
    const cols = consentColumns.map((c) => `"${c}"`).join(', ');
    await q(
      `insert into consent_records (applicant_id, ${cols})
       select c.id, ${consentColumns.map((c) => `r."${c}"`).join(', ')}
       from unnest($2::uuid[]) as c(id) cross join consent_records r where r.applicant_id = $1`,
      [template, ids],
    );
    return made.map((m) => {
      let token: Promise<string> | undefined;
      return {
        id: m.id,
        mobile: m.mobile,
        token: () => (token ??= sessions.create('applicant', m.id).then((s) => s.token)),
      };
    });
  }

  // the first copy has rows in the same tables as the fixture's applicant (and as many, but for the
  // audit trail): a table added later that the copy misses fails here, not as a strange sequence
  const [first] = await make(1);
  const want = await footprint(template);
  const got = await footprint(first!.id);
  for (const table of new Set([...Object.keys(want), ...Object.keys(got)])) {
    if (table === 'audit_log') continue;
    if (want[table] !== got[table] && ![...WRITTEN, ...DERIVED].includes(table))
      throw new Error(`the fixture's applicant has ${want[table] ?? 0} rows in ${table}, a copy ${got[table] ?? 0}`);
    if (want[table] !== got[table])
      throw new Error(`a copy has ${got[table] ?? 0} rows in ${table}, not ${want[table]}`);
  }
  if ((await records.unsignedChanges(first!.id, database.db)) !== null)
    throw new Error('a copy differs from its signed form');

  let ready: Copy[] = [first!];
  /** The next copy (made in batches). */
  return async (): Promise<Copy> => {
    if (!ready.length) ready = await make(50);
    return ready.shift()!;
  };
}
