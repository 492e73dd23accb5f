/**
 * The account-opening form's facts, read from the stored sections as each step saved them: what the
 * form prints, what a later change to a signed form must show, and the plan's charges.
 */
import { ruleSetOn } from '@ekyc/contracts/regulation';

/** What the form prints for a fact the applicant did not give. */
export const NOT_GIVEN = 'Not given';

export type Obj = Record<string, unknown>;

export const asObj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
export const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export function str(o: Obj, ...keys: string[]): string {
  for (const k of keys) {
    const v = o[k];
    if (typeof v === 'string' && v.trim()) return v.trim();
    if (typeof v === 'number') return String(v);
  }
  return '';
}

/** The FATCA/CRS declaration as the form prints it: nothing for an application from before it was asked. */
export function fatcaRows(personal: Obj): [string, string][] {
  const f = asObj(personal.fatca);
  if (!str(f, 'country_of_birth')) return [];
  const abroad = asList(f.tax_residencies)
    .map(asObj)
    .map(
      (r) => `${str(r, 'country')}: ${str(r, 'tin') ? `TIN ${str(r, 'tin')}` : `no TIN (${str(r, 'no_tin_reason')})`}`,
    );
  return [
    ['Place of birth', str(f, 'place_of_birth')],
    ['Country of birth', str(f, 'country_of_birth')],
    ['Tax residencies outside India', abroad.length ? abroad.join('; ') : 'None'],
  ];
}

export const yesNo = (v: unknown) => (v === true ? 'Yes' : v === false ? 'No' : NOT_GIVEN);
export const maskAadhaar = (uid: string) => {
  const last4 = uid.replace(/\D/g, '').slice(-4);
  return last4.length === 4 ? `XXXX XXXX ${last4}` : NOT_GIVEN;
};

/**
 * One thing the form prints about the applicant, with the stage that collected it: what the
 * signature covers. Compared between the form last signed and the record now, a difference voids
 * the signature (records/signed-form.ts) and shows the reviewer the field old and new.
 */
export interface FormFact {
  stage: number;
  label: string;
  /** As printed; a picture is its stored file ('file:<id>'), replaced when the applicant uploads again. */
  value: string;
}

/** The sections the form prints from, each as an object (empty when absent). */
export function readSections(sections: Record<string, unknown>) {
  const s = (name: string) => asObj(sections[name]);
  const digilocker = s('digilocker_obj');
  return {
    s,
    pan: s('pan_obj'),
    personal: s('personal_obj'),
    bank: s('bank_obj'),
    nominee: s('nominee_obj'),
    segment: s('segment_obj'),
    kra: s('kra_data_obj'),
    aadhaar: asObj(asList(digilocker.cdl_documents).find((d) => asObj(d).document_type === 'AADHAARCARD')),
  };
}

export const addressOf = (aadhaar: Obj) =>
  ['house', 'street', 'address1', 'address2', 'locality', 'landmark']
    .map((k) => str(aadhaar, k))
    .filter(Boolean)
    .join(', ');
export const genderOf = (personal: Obj) =>
  ({ M: 'Male', F: 'Female', O: 'Other' })[str(personal, 'gender')] ?? str(personal, 'gender');
const fileOf = (v: unknown) => {
  const id = asObj(v).$file;
  return typeof id === 'string' ? `file:${id}` : NOT_GIVEN;
};

/**
 * The applicant's data as the form prints it (headings 1 to 7 and 9), field by field. The text
 * of the form around them (charges, terms, declarations) follows from these and the rule set.
 */
export function formFacts(input: {
  mobile: string;
  email: string | null;
  sections: Record<string, unknown>;
}): FormFact[] {
  const { s, pan, personal, bank, nominee, segment, kra, aadhaar } = readSections(input.sections);
  const demat = s('_demat_choice');
  const ddpi = asObj(demat.ddpi);
  const optOut = s('_nominee_opt_out');
  const facts: FormFact[] = [];
  const fact = (stage: number, label: string, value: string) => facts.push({ stage, label, value });

  fact(110, 'Mobile', input.mobile);
  fact(120, 'Email', input.email ?? '');
  fact(130, 'Name as per PAN', str(pan, 'full_name', 'name_on_card'));
  fact(130, 'PAN', str(pan, 'pan_number'));
  fact(130, 'Date of birth', str(pan, 'dob'));
  fact(130, 'KRA registered', yesNo(pan.is_kra));
  if (Object.keys(aadhaar).length) {
    fact(140, 'Address source', 'Aadhaar through DigiLocker');
    fact(140, 'Care of', str(aadhaar, 'care_of'));
    fact(140, 'Address', addressOf(aadhaar));
    fact(140, 'City / district', str(aadhaar, 'district_city'));
    fact(140, 'State', str(aadhaar, 'state'));
    fact(140, 'PIN code', str(aadhaar, 'pincode'));
    fact(140, 'Country', str(aadhaar, 'country') || 'India');
    fact(140, 'Aadhaar', maskAadhaar(str(aadhaar, 'uid')));
  } else fact(140, 'Address', str(kra, 'kra_address'));
  fact(150, 'Gender', genderOf(personal));
  fact(150, 'Marital status', str(personal, 'marital_status'));
  fact(150, "Father's name", str(personal, 'father_name'));
  fact(150, "Mother's name", str(personal, 'mother_name'));
  fact(150, 'Occupation', str(personal, 'occupation__name', 'occupation'));
  fact(150, 'Annual income', str(personal, 'annual_income__name', 'income'));
  fact(150, 'Trading experience', str(personal, 'trading_experience__name', 'trading_experience'));
  fact(
    150,
    'Education',
    [str(personal, 'education__name', 'education'), str(personal, 'other_education')].filter(Boolean).join(': '),
  );
  fact(150, 'Plan', str(personal, 'plan_selected') || 'premium');
  fact(150, 'Settlement of funds', str(personal, 'preference_selected', 'settle_frequency') || 'Quarterly');
  fact(150, 'Electronic contract notes', yesNo(personal.preference));
  fact(150, 'Basic services demat account (BSDA)', yesNo(personal.bsda));
  fact(150, 'I am a citizen of India', yesNo(personal.indian_citizen));
  fact(150, 'I am a tax resident of India only', yesNo(personal.resident_of_india));
  fact(150, 'I am not a politically exposed person', yesNo(personal.politically_exposed));
  fact(150, 'Running account settlement authorised', yesNo(personal.settle));
  // FATCA/CRS self-certification (asked since this form carried it; absent on older applications)
  for (const [label, value] of fatcaRows(personal)) fact(150, label, value);
  fact(160, 'Bank', [str(bank, 'bank_name'), str(bank, 'branch')].filter(Boolean).join(', '));
  fact(160, 'IFSC', str(bank, 'ifsc'));
  fact(160, 'Account number', str(bank, 'account_number'));
  fact(160, 'Account type', str(bank, 'account_type'));
  fact(160, 'UPI ID', str(bank, 'vpa_id'));
  fact(170, 'Signature mark', signatureMark(asObj(input.sections.signature_obj)).label);
  fact(170, 'Signature image', fileOf(s('signature_obj').document));
  if (nominee.skip_nominee === true) fact(180, 'Nominees', `None (opt-out ${str(optOut, 'declaration_version')})`);
  else
    asList(nominee.nominee_list)
      .map(asObj)
      .forEach((n, i) =>
        fact(
          180,
          `Nominee ${i + 1}`,
          [
            [str(n, 'first_name'), str(n, 'last_name')].filter(Boolean).join(' '),
            str(n, 'nominee_relation'),
            str(n, 'dob'),
            `${str(n, 'percentage_share')}%`,
            str(n, 'gaurdian_name') ? `guardian ${str(n, 'gaurdian_name')}` : '',
          ]
            .filter(Boolean)
            .join(', '),
        ),
      );
  fact(180, 'Statement of account shows', str(nominee, 'nominee_soa_name') || str(nominee, 'nominee_soa'));
  fact(
    190,
    'Segments',
    asList(segment.segment_list)
      .map((x) => (typeof x === 'string' ? x : str(asObj(x), 'name', 'code')))
      .join(', '),
  );
  fact(190, 'Financial proof', str(segment, 'financial_proof_option', 'document_type'));
  fact(190, 'Demat account', str(demat, 'account_type') || 'default');
  fact(190, 'DDPI', ddpi.opted === true ? `Opted: ${asList(ddpi.purposes).map(String).join('; ')}` : 'Not opted');
  fact(200, 'Photograph', fileOf(s('livness_obj').image));
  return facts;
}

/** The fields whose value differs between two lists of facts (a field on one side only counts as changed). */
export function changedFacts(
  before: readonly FormFact[],
  after: readonly FormFact[],
): Array<{ stage: number; label: string; old: string; new: string }> {
  const key = (f: FormFact) => `${f.stage}|${f.label}`;
  const was = new Map(before.map((f) => [key(f), f]));
  const now = new Map(after.map((f) => [key(f), f]));
  const changes: Array<{ stage: number; label: string; old: string; new: string }> = [];
  for (const k of new Set([...was.keys(), ...now.keys()])) {
    const [a, b] = [was.get(k), now.get(k)];
    if (a?.value === b?.value) continue;
    const { stage, label } = (a ?? b)!;
    changes.push({ stage, label, old: a?.value ?? '', new: b?.value ?? '' });
  }
  return changes.sort((x, y) => x.stage - y.stage);
}

/** The schedule of charges of a plan (spec section 9) as the form and the tariff sheet print it. */
export function chargeRows(plan: string, rules: ReturnType<typeof ruleSetOn>): string[][] {
  const discounted = plan === 'discounted';
  return [
    ['Account opening', 'Nil'],
    [
      'Annual maintenance (AMC)',
      discounted
        ? 'Rs 20 plus GST per month from the 2nd year'
        : 'Rs 400 plus tax a year; Rs 499 plus tax for 5 years; Rs 999 plus tax for life',
    ],
    ['Brokerage, equity delivery', 'Zero'],
    ['Brokerage, F&O and currency', 'Rs 20 per order'],
    ['Demat debit transaction', 'Rs 25 or 0.010% of value, whichever is higher'],
    ['Pledge creation', 'Rs 50 per transaction'],
    [
      'BSDA (if eligible)',
      `${rules.values.bsdaSlabs.map((b) => `holdings up to Rs ${b.upTo.toLocaleString('en-IN')}: ${b.amc ? `Rs ${b.amc} a year` : 'nil'}`).join('; ')}; above: regular AMC`,
    ],
    ['Late payment', '13% per annum on dues after one year'],
  ];
}

/**
 * Pictures go in as JPEG: pdf-lib copies a JPEG as it is, while a PNG would be decoded and
 * compressed again in JavaScript (several times the cost of the whole page). A PNG (the drawn
 * signature, with transparency) is flattened on the white of the form by sharp first.
 */

/**
 * Whose mark the signature box holds: the applicant's signature, their thumb impression, or a
 * guardian's signature (named, with the relation, in a line under the box).
 */
export function signatureMark(signature: Record<string, unknown>): { label: string; note: string | null } {
  const guardian = asObj(signature.guardian);
  if (typeof guardian.name === 'string')
    return {
      label: "Guardian's signature",
      note: `Signed by ${guardian.name} (${String(guardian.relation)}), guardian, on behalf of the applicant.`,
    };
  return signature.signature_mark === 'thumb_impression'
    ? { label: 'Thumb impression', note: 'The applicant gave a thumb impression in place of a signature.' }
    : { label: 'Signature', note: null };
}
