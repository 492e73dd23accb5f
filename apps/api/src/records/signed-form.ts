/**
 * What the signature covers. Each signing keeps, in a private section, the facts the signed form
 * printed (account-opening-form.ts formFacts). A change after signing to any of them voids the
 * signature: the application goes back to e-sign for a new form version, the earlier signed form
 * stays as evidence, and the reviewer sees each changed field old and new. The approval checks
 * again that the record is what was signed last.
 */
import { changedFacts, type FormFact, formFacts } from '../documents/form-facts.ts';
import type { StoredSections } from './section-codec.ts';

/** The private section of the signed versions, oldest first. */
export const SIGNED_FORMS = '_signed_forms';

export interface SignedForm {
  epro_id: string;
  signed_at: string;
  facts: FormFact[];
}

export interface SignedForms {
  versions: SignedForm[];
}

export type FactChange = ReturnType<typeof changedFacts>[number];

export interface SignedChanges {
  /** awaiting_signature: the record differs from the form signed last; signed_again: the last signing took the changes in. */
  state: 'awaiting_signature' | 'signed_again';
  /** When the form compared with was signed (the one the changes differ from). */
  signed_at: string;
  fields: FactChange[];
}

type Person = { mobile: string; email: string | null };

/** What the form would print from the record now. */
export const factsNow = (person: Person, sections: Record<string, unknown>): FormFact[] =>
  formFacts({ mobile: person.mobile, email: person.email, sections });

const versionsOf = (sections: StoredSections): SignedForm[] => sections[SIGNED_FORMS]?.versions ?? [];

/** The versions with one more signed form. */
export const withSignedForm = (earlier: SignedForms | null, form: SignedForm): SignedForms => ({
  versions: [...(earlier?.versions ?? []), form],
});

/**
 * How the record differs from the form signed last: null when it matches (or nothing was signed).
 * A form signed before its facts were kept (no version) counts as differing, with no field named:
 * the change cannot be shown, only signed again.
 */
export function unsignedChanges(person: Person, sections: StoredSections, signed: boolean): SignedChanges | null {
  const last = versionsOf(sections).at(-1);
  if (!last) return signed ? { state: 'awaiting_signature', signed_at: '', fields: [] } : null;
  const fields = changedFacts(last.facts, factsNow(person, sections));
  return fields.length ? { state: 'awaiting_signature', signed_at: last.signed_at, fields } : null;
}

/**
 * What the reviewer is shown: the changes waiting for a signature, or else those the last signing
 * took in over the form signed before it; null when the application was signed once and unchanged.
 */
export function signedChanges(person: Person, sections: StoredSections): SignedChanges | null {
  const pending = unsignedChanges(person, sections, false);
  if (pending) return pending;
  const versions = versionsOf(sections);
  if (versions.length < 2) return null;
  const [before, last] = versions.slice(-2) as [SignedForm, SignedForm];
  const fields = changedFacts(before.facts, last.facts);
  return fields.length ? { state: 'signed_again', signed_at: before.signed_at, fields } : null;
}

declare module './section-codec.ts' {
  interface PrivateSectionTypes {
    [SIGNED_FORMS]: SignedForms;
  }
}
