/**
 * What the identity stages already know that client profiling uses: the age from the PAN date of
 * birth (experience rule), the gender on the DigiLocker or PAN record (a change needs
 * confirmation), and the father's name from the Aadhaar care_of (section 5).
 */
import { ageOn, parseDdMmYyyy, todayOf } from '@ekyc/contracts/dates';
import { cleanCareOf } from '@ekyc/contracts/rules';
import type { SectionReader } from '../../records/applicant-records.ts';

export interface ProfileFacts {
  age: number | null;
  documentGender?: 'M' | 'F' | 'O';
  fatherName?: string;
}

/** 'M', 'MALE', 'f', 'Female', 'T' ... to the applicant profile ids M, F, O. */
export function normaliseGender(value: string | undefined): 'M' | 'F' | 'O' | undefined {
  const v = value?.trim().toUpperCase();
  if (!v) return undefined;
  if (v === 'M' || v === 'MALE') return 'M';
  if (v === 'F' || v === 'FEMALE') return 'F';
  return 'O';
}

/** The sections the facts come from: read them with the call's stage check (one round trip). */
export const PROFILE_FACT_SECTIONS = ['pan_obj', 'digilocker_obj'] as const;

export function applicantProfileFacts(section: SectionReader, now: Date = new Date()): ProfileFacts {
  const pan = section('pan_obj');
  const locker = section('digilocker_obj');
  const dob = pan?.dob ? parseDdMmYyyy(pan.dob) : null;
  const documents = locker?.cdl_documents ?? [];
  const aadhaar = documents.find((d) => d.document_type === 'AADHAARCARD');
  const gender = normaliseGender(aadhaar?.gender ?? documents.find((d) => d.gender)?.gender);
  const fatherName = aadhaar?.care_of ? cleanCareOf(aadhaar.care_of) : '';
  return {
    age: dob ? ageOn(dob, todayOf(now)) : null,
    ...(gender && { documentGender: gender }),
    ...(fatherName && { fatherName }),
  };
}
