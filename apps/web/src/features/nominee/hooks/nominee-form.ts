/**
 * The add-nominee form: one slot per possible nominee, validated with the contracts' section 5
 * nominee rules. Only started slots are validated and sent; the slots are numbered in order.
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
import { MINIMUM_AGE } from '@ekyc/contracts/constants';
import type { NOMINEE_RELATIONS } from '@ekyc/contracts/enums';
import { ageOn, ddMmYyyyToIso, isoToDdMmYyyy, parseDdMmYyyy, todayOf } from '@ekyc/contracts/dates';
import type { FieldErrors, Resolver } from 'react-hook-form';

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

const TEXT_FIELDS: (keyof NomineeSlotValues)[] = [
  'first_name',
  'last_name',
  'email',
  'mobile',
  'dob',
  'address',
  'address2',
  'pincode',
  'city',
  'state',
  'nominee_relation',
  'percentage_share',
  'proof_number',
  'gaurdian_name',
  'proof_front',
  'proof_back',
];

/** A slot the applicant has begun to fill (the first slot always counts). */
export const isStarted = (slot: NomineeSlotValues, index: number) =>
  index === 0 || TEXT_FIELDS.some((f) => String(slot[f]).trim() !== '');

export function isMinor(dobIso: string, now = new Date()): boolean {
  const dob = parseDdMmYyyy(isoToDdMmYyyy(dobIso));
  return dob !== null && ageOn(dob, todayOf(now)) < MINIMUM_AGE;
}

/** Section 4: a slot is complete when all non-optional fields are filled (a minor's guardian included). */
export function isComplete(slot: NomineeSlotValues): boolean {
  const required = [slot.first_name, slot.dob, slot.nominee_relation, slot.percentage_share];
  if (isMinor(slot.dob)) required.push(slot.gaurdian_name);
  return required.every((v) => v.trim() !== '');
}

export function startedSlots(values: NomineeFormValues): NomineeSlotValues[] {
  return values.nominees.filter((s, i) => isStarted(s, i));
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
  const slots = startedSlots(values);
  return {
    skip_nominee: false,
    nominee_soa: values.nominee_soa,
    nominee_soa_name: values.nominee_soa === 'nominee_name' ? values.nominee_soa_name : '',
    updatedNomineeList: Object.fromEntries(slots.map((s, i) => [nomineeSlotKey(i), toEntry(s)])),
  };
}

export const slotName = (slot: NomineeSlotValues) => fullNomineeName(slot);

/** Runs the contracts' nominee rules on every started slot; errors land on the slot's fields. */
export const nomineeResolver: Resolver<NomineeFormValues> = async (values) => {
  const schema = nomineeEntrySchema();
  const nominees: Record<number, Record<string, { type: string; message: string }>> = {};
  values.nominees.forEach((slot, i) => {
    if (!isStarted(slot, i)) return;
    const { proof_front: _pf, proof_back: _pb, ...entry } = toEntry(slot);
    const result = schema.safeParse(entry);
    if (result.success) return;
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? 'first_name');
      nominees[i] ??= {};
      nominees[i][field] ??= { type: 'validate', message: issue.message };
    }
  });
  if (Object.keys(nominees).length === 0) return { values, errors: {} };
  const list = values.nominees.map((_, i) => nominees[i]);
  return { values: {}, errors: { nominees: list } as unknown as FieldErrors<NomineeFormValues> };
};
