/**
 * Where one application stands, read in one statement: its stages in order, the review standing the
 * back office's queue shows (application_standing, kept by the tables' triggers), whether it has a
 * client code and a registration case, and whether what its form would print now differs from the
 * form it signed last (its sections decrypted here and compared by the records layer's own
 * function). The lifecycle model test reads it after every command: several reads cost it more than
 * the commands' own calls.
 */
import { STAGE } from '@ekyc/contracts/stages';
import type { Standing } from '@ekyc/contracts/lifecycle';
import type { FastifyInstance } from 'fastify';
import { unsignedChanges } from '../../src/records/signed-form.ts';

export interface LifecycleState {
  /** The current stage (the last entry of the list). */
  current: number | undefined;
  /** The stages sent back. */
  rejected: number[];
  /** The stages before the final one waiting for a decision. */
  pending: number[];
  /** The final stage accepted: the checker's approval. */
  approved: boolean;
  /** The standing the back office shows. */
  standing: Standing;
  /** Registration cases of the application (one once approved). */
  cases: number;
  /** What the form would print now differs from the form signed last. */
  unsigned: boolean;
}

interface Row {
  stages: [number, string | null][];
  standing: Standing;
  cases: number;
  mobile_enc: string;
  email_enc: string | null;
  sections: [string, string][] | null;
}

const STATE = `
  select
    (select json_agg(json_build_array(s.stage, s.admin_activity) order by s.seq)
       from applicant_stages s where s.applicant_id = a.id) as stages,
    (select st.status from application_standing st where st.applicant_id = a.id) as standing,
    (select count(*)::int from registration_cases c where c.applicant_id = a.id) as cases,
    a.mobile_enc, a.email_enc,
    (select json_agg(json_build_array(x.name, x.payload_enc))
       from applicant_sections x where x.applicant_id = a.id) as sections
  from applicants a where a.id = $1`;

export async function lifecycleState(app: FastifyInstance, id: string): Promise<LifecycleState> {
  const { database, cipher } = app.deps;
  const [row] = ((await database.query(STATE, [id])) as { rows: Row[] }).rows;
  if (!row) throw new Error(`no applicant ${id}`);
  const sections = Object.fromEntries((row.sections ?? []).map(([name, enc]) => [name, cipher.decryptJson(enc)]));
  const person = {
    mobile: cipher.decrypt(row.mobile_enc),
    email: row.email_enc ? cipher.decrypt(row.email_enc) : null,
  };
  return {
    current: row.stages.at(-1)?.[0],
    rejected: row.stages.filter(([, a]) => a === 'Reject').map(([s]) => s),
    pending: row.stages.filter(([s, a]) => s < STAGE.STATUS && a === 'Pending').map(([s]) => s),
    approved: row.stages.some(([s, a]) => s === STAGE.STATUS && a === 'Accept'),
    standing: row.standing,
    cases: row.cases,
    // as the records layer reads it (ApplicantRecords.unsignedChanges): a form signed before its
    // facts were kept does not count as changed here
    unsigned: unsignedChanges(person, sections, false) !== null,
  };
}
