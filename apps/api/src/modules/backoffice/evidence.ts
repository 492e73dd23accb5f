/**
 * The evidence that must agree, side by side, for the reviewer: every name against the PAN name
 * (the words that agree and differ, the score and the verdict of the bank's name match rules),
 * the dates of birth from each source, and the face match's value, threshold and verdict.
 */
import type { Evidence } from '@ekyc/contracts/calls/backoffice-operations';
import { matchHolderName, nameTokens } from '../../lib/name-match.ts';

type Section = Record<string, unknown> | undefined;
const obj = (v: unknown): Section =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** A close match scores at least this (name-match.ts); below it the names differ. */
const NAME_THRESHOLD = 80;

function documents(locker: Section): Record<string, unknown>[] {
  const docs = locker?.cdl_documents;
  return Array.isArray(docs) ? docs.map((d) => obj(d) ?? {}) : [];
}

/** Dates compare as day, month and year whatever the separator. */
const normaliseDate = (d: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(d);
  if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  return d.replace(/[-.]/g, '/');
};

export function evidenceOf(sections: Record<string, unknown>): Evidence {
  const pan = obj(sections.pan_obj);
  const kra = obj(sections.kra_data_obj);
  const bank = obj(sections.bank_obj);
  const signature = obj(sections.signature_obj);
  const docs = documents(obj(sections.digilocker_obj));
  const aadhaar = docs.find((d) =>
    String(d.document_type ?? '')
      .toUpperCase()
      .includes('AADHAAR'),
  );
  const lockerPan = docs.find((d) => String(d.document_type ?? '').toUpperCase() === 'PAN');

  const panName = str(pan?.full_name) ?? str(pan?.name_on_card);
  const panWords = panName ? nameTokens(panName) : [];
  const compare = (source: Evidence['names'][number]['source'], name: string | null): Evidence['names'][number] => {
    if (!name) return { source, name: null, agree: [], differ: [], score: null, result: 'not_recorded' };
    if (source === 'pan') return { source, name, agree: panWords, differ: [], score: null, result: 'reference' };
    const words = nameTokens(name);
    const agree = words.filter((w) => panWords.includes(w));
    const differ = [...words.filter((w) => !panWords.includes(w)), ...panWords.filter((w) => !words.includes(w))];
    if (!panName) return { source, name, agree: [], differ: words, score: null, result: 'not_recorded' };
    const match = matchHolderName(name, panName);
    return { source, name, agree, differ, score: match.score, result: match.result };
  };
  const bankName = str(obj(bank?.name_match)?.bank_name_on_account) ?? str(bank?.name_at_bank);

  const panDob = str(pan?.dob);
  const dob = (source: Evidence['dobs'][number]['source'], value: string | null): Evidence['dobs'][number] => ({
    source,
    value,
    agrees: value && panDob ? normaliseDate(value) === normaliseDate(panDob) : null,
  });

  const liveness = obj(sections.livness_obj);
  const faceMatch = liveness?.face_match;
  return {
    names: [
      compare('pan', panName),
      compare('kra', str(kra?.kra_name)),
      compare('aadhaar', str(aadhaar?.name)),
      compare('bank', bankName),
      compare('signature_proof', str(signature?.name) ?? str(signature?.name_on_proof)),
    ],
    name_threshold: NAME_THRESHOLD,
    dobs: [
      { source: 'pan', value: panDob, agrees: null },
      dob('kra', str(kra?.dob)),
      dob('aadhaar', str(aadhaar?.dob)),
      dob('digilocker_pan', str(lockerPan?.dob)),
    ],
    face: {
      value: num(liveness?.face_match_score),
      threshold: num(liveness?.face_match_threshold),
      verdict: typeof faceMatch === 'boolean' ? (faceMatch ? 'pass' : 'fail') : 'not_run',
    },
  };
}
