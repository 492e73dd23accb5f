/**
 * The approved application as the registrations need it, read from the stored sections (PAN,
 * personal details, DigiLocker Aadhaar address or the KRA's, bank, segments, nominees, selfie).
 * Aadhaar leaves as its last four digits only.
 */
import { SEGMENTS } from '@ekyc/contracts/enums';
import type { RegistrationsDeps } from './deps.ts';
import type { Exchange, RegistrationSubject } from '../../providers/registrations/port.ts';
import { ddpiOf, ddpiSignedSince } from '../../records/ddpi.ts';
import type { CaseRow } from './registrations.repository.ts';

type Obj = Record<string, unknown>;
const asObj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (o: Obj, ...keys: string[]) => {
  for (const k of keys) {
    const v = o[k];
    if (typeof v === 'string' && v.trim()) return v.trim();
    if (typeof v === 'number') return String(v);
  }
  return '';
};
const ddmmyyyy = (d: Date) => d.toISOString().slice(0, 10).split('-').reverse().join('/');

/** The segment codes chosen, and the exchanges they need (SEGMENTS of the contracts). */
export function exchangesOf(segmentCodes: string[]): Exchange[] {
  const out = new Set<Exchange>();
  for (const code of segmentCodes)
    for (const ex of SEGMENTS.find((s) => s.code === code)?.exchanges ?? []) out.add(ex as Exchange);
  return (['NSE', 'BSE', 'MCX'] as const).filter((e) => out.has(e));
}

export function segmentsOf(sections: Record<string, unknown>): string[] {
  return asList(asObj(sections.segment_obj).segment_list)
    .map((x) => (typeof x === 'string' ? x : str(asObj(x), 'code')))
    .filter(Boolean);
}

/** Splits the name as on PAN into first, middle and last (the depository and BSE ask for the parts). */
function nameParts(full: string) {
  const words = full.split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { firstName: words[0] ?? '', middleName: '', lastName: '' };
  return { firstName: words[0]!, middleName: words.slice(1, -1).join(' '), lastName: words.at(-1)! };
}

function addressOf(
  sections: Record<string, unknown>,
): RegistrationSubject['address'] & { aadhaarLast4: string | null } {
  // an address the client changed after opening (the client area's address request) comes first
  const changed = asObj(sections._address);
  if (str(changed, 'line1')) {
    const { aadhaarLast4 } = addressOf({ ...sections, _address: undefined });
    return {
      line1: str(changed, 'line1'),
      line2: str(changed, 'line2'),
      line3: str(changed, 'line3'),
      city: str(changed, 'city'),
      district: str(changed, 'district', 'city'),
      state: str(changed, 'state'),
      pincode: str(changed, 'pincode'),
      country: 'IN',
      aadhaarLast4: str(changed, 'aadhaar_last4') || aadhaarLast4,
    };
  }
  const locker = asObj(sections.digilocker_obj);
  const aadhaar = asObj(asList(locker.cdl_documents).find((d) => asObj(d).document_type === 'AADHAARCARD'));
  if (Object.keys(aadhaar).length) {
    const parts = ['house', 'street', 'address1', 'address2', 'locality', 'landmark']
      .map((k) => str(aadhaar, k))
      .filter(Boolean);
    const last4 = str(aadhaar, 'uid').replace(/\D/g, '').slice(-4);
    return {
      line1: parts.slice(0, 2).join(', '),
      line2: parts.slice(2, 4).join(', '),
      line3: parts.slice(4).join(', '),
      city: str(aadhaar, 'district_city', 'city'),
      district: str(aadhaar, 'district_city', 'district'),
      state: str(aadhaar, 'state'),
      pincode: str(aadhaar, 'pincode'),
      country: 'IN',
      aadhaarLast4: last4.length === 4 ? last4 : null,
    };
  }
  const kra = asObj(asObj(sections.kra_data_obj).address ?? sections.kra_data_obj);
  return {
    line1: str(kra, 'line1', 'kra_address'),
    line2: str(kra, 'line2'),
    line3: str(kra, 'line3'),
    city: str(kra, 'city'),
    district: str(kra, 'city'),
    state: str(kra, 'state'),
    pincode: str(kra, 'pincode'),
    country: 'IN',
    aadhaarLast4: null,
  };
}

/** The demat choice (segment stage), PAN-Aadhaar seeding, the family declaration and the signature image. */
async function boChoicesOf(
  deps: Pick<RegistrationsDeps, 'records'>,
  sections: Record<string, unknown>,
): Promise<RegistrationSubject['bo']> {
  const demat = asObj(sections._demat_choice);
  const personal = asObj(sections.personal_obj);
  const ref = asObj(asObj(sections.signature_obj).document).$file;
  const signature = typeof ref === 'string' ? ((await deps.records.readFile(ref))?.bytes ?? null) : null;
  return {
    bsda: str(demat, 'account_type') === 'bsda',
    // only a DDPI signed on its own document: the choice in the demat step alone gives none
    ddpiSince: ddpiSignedSince(ddpiOf(sections)),
    panAadhaarSeeding: str(asObj(sections.pan_obj), 'aadhaar_seeding'),
    emailOfFamily: personal.family_declaration === true ? str(personal, 'family_relation') || null : null,
    signature,
  };
}

export async function buildSubject(
  deps: Pick<RegistrationsDeps, 'records'>,
  c: CaseRow,
  resubmission: boolean,
): Promise<RegistrationSubject> {
  const [applicant, sections] = await Promise.all([
    deps.records.get(c.applicantId),
    deps.records.allSections(c.applicantId),
  ]);
  const pan = asObj(sections.pan_obj);
  const personal = asObj(sections.personal_obj);
  const bank = asObj(sections.bank_obj);
  const liveness = asObj(sections.livness_obj);
  const locker = asObj(sections.digilocker_obj);
  // the UPI block choice of the segment step ('_upi_block'), absent when no cash segment was chosen
  const upi = asObj(sections._upi_block);
  const name = str(pan, 'full_name', 'name_on_card').toUpperCase();
  const { aadhaarLast4, ...address } = addressOf(sections);
  const gender = str(personal, 'gender');
  const nominees = asList(asObj(sections.nominee_obj).nominee_list)
    .map(asObj)
    .map((n) => ({
      name: [str(n, 'first_name'), str(n, 'last_name')].filter(Boolean).join(' '),
      relation: str(n, 'nominee_relation'),
      share: Number(str(n, 'percentage_share') || 0),
      dob: str(n, 'dob'),
      minor: n.is_minor === true || Boolean(str(n, 'gaurdian_name')),
      guardianName: str(n, 'gaurdian_name').toUpperCase(),
      address: str(n, 'address')
        ? {
            line1: str(n, 'address'),
            line2: str(n, 'address2'),
            city: str(n, 'city'),
            state: str(n, 'state'),
            pincode: str(n, 'pincode'),
          }
        : null,
    }));
  const approved = ddmmyyyy(c.approvedAt);
  return {
    applicationNo: c.applicantId.replace(/-/g, '').slice(0, 16).toUpperCase(),
    clientCode: c.clientCode,
    pan: str(pan, 'pan_number').toUpperCase(),
    name,
    ...nameParts(name),
    fatherName: str(personal, 'father_name').toUpperCase(),
    dob: str(pan, 'dob'),
    gender: gender === 'F' ? 'F' : gender === 'O' ? 'T' : 'M',
    maritalStatus: str(personal, 'marital_status') === 'married' ? 'married' : 'single',
    mobile: applicant.mobile,
    email: applicant.email ?? '',
    address,
    aadhaarLast4,
    income: str(personal, 'annual_income', 'income'),
    occupation: str(personal, 'occupation') || 'others',
    // the declaration's switch reads "I am not a politically exposed person" (section 5): off is a PEP
    politicallyExposed: personal.politically_exposed === false,
    bank: {
      ifsc: str(bank, 'ifsc').toUpperCase(),
      micr: str(bank, 'micr'),
      accountNumber: str(bank, 'account_number'),
      bankName: str(bank, 'bank_name'),
      accountType: str(bank, 'account_type') === 'Current' ? 'current' : 'savings',
    },
    segments: c.segments,
    nominees,
    kycMode: Object.keys(locker).length ? 'digilocker' : pan.is_kra === true ? 'kra' : 'manual',
    ipvDate: str(liveness, 'verified_at').slice(0, 10).split('-').reverse().join('/') || approved,
    applicationDate: approved,
    depository: c.depository,
    boId: c.boId,
    resubmission,
    bo: await boChoicesOf(deps, sections),
    // the PAN step found the client's KYC at a KRA (its record is modified, not uploaded new)
    kraRegistered: pan.is_kra === true,
    // the journey opens accounts for adults only: no guardian
    guardianName: '',
    upiOptIn: typeof upi.opted === 'boolean' ? upi.opted : null,
    fatca: fatcaOf(personal),
  };
}

/** The FATCA/CRS declaration as the profiling step stored it (personal_obj.fatca). */
function fatcaOf(personal: Record<string, unknown>): RegistrationSubject['fatca'] {
  const f = asObj(personal.fatca);
  if (!str(f, 'country_of_birth')) return null;
  return {
    placeOfBirth: str(f, 'place_of_birth').toUpperCase(),
    countryOfBirth: str(f, 'country_of_birth'),
    // the journey opens accounts for citizens of India (the declaration asks it)
    citizenship: personal.indian_citizen === true ? 'IN' : '',
    taxResidencies: asList(f.tax_residencies)
      .map(asObj)
      .map((r) => ({
        country: str(r, 'country'),
        tin: str(r, 'tin').toUpperCase(),
        noTinReason: str(r, 'no_tin_reason'),
      })),
  };
}
