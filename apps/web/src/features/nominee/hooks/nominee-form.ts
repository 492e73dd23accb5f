/**
 * The add-nominee form: one entry per nominee the applicant added, validated with the contracts'
 * section 5 nominee rules and the mandatory fields of the application's rule set.
 */
import {
  fullNomineeName,
  type NomineeEntryInput,
  nomineeEntrySchema,
  type NomineeSoa,
  nomineeSlotKey,
  type StoredNominee,
  type UpdateNomineeRequest,
} from '@ekyc/contracts/calls/update-nominee';
import { MINIMUM_AGE, type NomineeField } from '@ekyc/contracts/constants';
import type { NOMINEE_RELATIONS } from '@ekyc/contracts/enums';
import { ageOn, ddMmYyyyToIso, isoToDdMmYyyy, parseDdMmYyyy, todayOf } from '@ekyc/contracts/dates';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { saidIn } from '../../../lib/use-message';

/** A slot of the form: the stored nominee's fields, with the date as the date input holds it and the proofs as files. */
export interface NomineeSlotValues extends Omit<
  StoredNominee,
  'dob' | 'identity_doc_type' | 'is_minor' | 'proof_front' | 'proof_back'
> {
  /** yyyy-mm-dd from the date input; sent as dd/mm/yyyy. */
  dob: string;
  identity_doc_type: '' | 'aadhaar' | 'pan';
  proof_front: string;
  proof_front_name: string;
  proof_back: string;
  proof_back_name: string;
}

export interface NomineeFormValues {
  nominees: NomineeSlotValues[];
  nominee_soa: NomineeSoa;
  nominee_soa_name: string;
}

export const emptySlot = (): NomineeSlotValues => ({
  first_name: '',
  last_name: '',
  email: '',
  mobile: '',
  dob: '',
  address: '',
  address2: '',
  pincode: '',
  city: '',
  state: '',
  country: 'India',
  nominee_relation: '',
  percentage_share: '',
  proof_type: '',
  identity_doc_type: '',
  proof_number: '',
  gaurdian_name: '',
  same_address_flag: false,
  proof_front: '',
  proof_front_name: '',
  proof_back: '',
  proof_back_name: '',
});

export function slotFromStored(n: StoredNominee): NomineeSlotValues {
  const text = (v: string | undefined) => v ?? '';
  return {
    ...emptySlot(),
    first_name: text(n.first_name),
    last_name: text(n.last_name),
    email: text(n.email),
    mobile: text(n.mobile),
    dob: ddMmYyyyToIso(text(n.dob)),
    address: text(n.address),
    address2: text(n.address2),
    pincode: text(n.pincode),
    city: text(n.city),
    state: text(n.state),
    country: text(n.country) || 'India',
    nominee_relation: text(n.nominee_relation),
    percentage_share: text(n.percentage_share),
    proof_type: text(n.proof_type),
    identity_doc_type: n.identity_doc_type === 'aadhaar' || n.identity_doc_type === 'pan' ? n.identity_doc_type : '',
    proof_number: text(n.proof_number),
    gaurdian_name: text(n.gaurdian_name),
    same_address_flag: Boolean(n.same_address_flag),
  };
}

type NomineeRelation = (typeof NOMINEE_RELATIONS)[number];

/**
 * The fields in the order they are shown, each with the part of the nominee it is in: the
 * essentials always, the contact and identity details folded away until opened.
 */
export type NomineePart = 'essentials' | 'contact' | 'identity';
export const FIELD_PARTS: [keyof NomineeSlotValues, NomineePart][] = [
  ['first_name', 'essentials'],
  ['last_name', 'essentials'],
  ['nominee_relation', 'essentials'],
  ['dob', 'essentials'],
  ['gaurdian_name', 'essentials'],
  ['percentage_share', 'essentials'],
  ['email', 'contact'],
  ['mobile', 'contact'],
  ['address', 'contact'],
  ['address2', 'contact'],
  ['pincode', 'contact'],
  ['city', 'contact'],
  ['state', 'contact'],
  ['country', 'contact'],
  ['identity_doc_type', 'identity'],
  ['proof_number', 'identity'],
  ['proof_type', 'identity'],
];

/** The fields of a nominee that have an error, in the order they are shown. */
export const fieldsWithErrors = (errors: Partial<Record<keyof NomineeSlotValues, unknown>> | undefined) =>
  FIELD_PARTS.filter(([field]) => errors?.[field]);

/** Under 18 on the day; a date in the future is an invalid date, not a minor. */
export function isMinor(dobIso: string, now = new Date()): boolean {
  const dob = parseDdMmYyyy(isoToDdMmYyyy(dobIso));
  if (dob === null) return false;
  const age = ageOn(dob, todayOf(now));
  return age >= 0 && age < MINIMUM_AGE;
}

/**
 * Section 4: a nominee is complete when the fields the rule set makes mandatory are filled (a
 * minor's guardian included).
 */
export function isComplete(slot: NomineeSlotValues, mandatory: readonly NomineeField[]): boolean {
  const required = [slot.first_name, slot.nominee_relation];
  if (mandatory.includes('date_of_birth')) required.push(slot.dob);
  if (mandatory.includes('share')) required.push(slot.percentage_share);
  if (isMinor(slot.dob)) required.push(slot.gaurdian_name);
  return required.every((v) => v.trim() !== '');
}

function toEntry(slot: NomineeSlotValues) {
  const { proof_front, proof_back, proof_front_name: _f, proof_back_name: _b, dob, ...fields } = slot;
  return {
    ...fields,
    // Checked by the resolver before anything is sent.
    nominee_relation: fields.nominee_relation as NomineeRelation,
    proof_type: fields.proof_type as NomineeEntryInput['proof_type'],
    dob: isoToDdMmYyyy(dob),
    ...(proof_front && { proof_front }),
    ...(proof_back && { proof_back }),
  };
}

export function toRequest(values: NomineeFormValues): UpdateNomineeRequest {
  const slots = values.nominees;
  return {
    skip_nominee: false,
    nominee_soa: values.nominee_soa,
    nominee_soa_name: values.nominee_soa === 'nominee_name' ? values.nominee_soa_name : '',
    updatedNomineeList: Object.fromEntries(slots.map((s, i) => [nomineeSlotKey(i), toEntry(s)])),
  };
}

export const slotName = (slot: NomineeSlotValues) => fullNomineeName(slot);

/** Runs the contracts' nominee rules, as the rule set makes them, on every nominee; errors land on its fields. */
export const nomineeResolver =
  (mandatory: readonly NomineeField[]): Resolver<NomineeFormValues> =>
  async (values) => {
    const schema = nomineeEntrySchema({ mandatory });
    const nominees: Record<number, Record<string, { type: string; message: string }>> = {};
    values.nominees.forEach((slot, i) => {
      const { proof_front: _pf, proof_back: _pb, ...entry } = toEntry(slot);
      const result = schema.safeParse(entry);
      if (result.success) return;
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? 'first_name');
        nominees[i] ??= {};
        // the rule's MSG key as the error's type: the field shows msg(error)
        const { code, message } = saidIn(issue);
        nominees[i][field] ??= { type: code ?? 'validate', message };
      }
    });
    if (Object.keys(nominees).length === 0) return { values, errors: {} };
    const list = values.nominees.map((_, i) => nominees[i]);
    return { values: {}, errors: { nominees: list } as unknown as FieldErrors<NomineeFormValues> };
  };
