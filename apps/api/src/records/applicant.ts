/** The applicant as the record service hands them out: identity columns opened. */
import type { Language } from '@ekyc/contracts/constants';
import type { Cipher } from '../lib/crypto.ts';
import type { ApplicantRow } from './applicant.repository.ts';

export interface Applicant {
  id: string;
  mobile: string;
  email: string | null;
  whatsappOpt: boolean;
  refcode: string | null;
  ownRefcode: string;
  utm: { source: string | null; medium: string | null; campaign: string | null };
  userAgent: string | null;
  source: string;
  clientCode: string | null;
  /** The language the applicant reads; messages to them are written in it. */
  language: Language;
  createdAt: Date;
}

export function toApplicant(cipher: Cipher, row: ApplicantRow): Applicant {
  return {
    id: row.id,
    mobile: cipher.decrypt(row.mobileEnc),
    email: row.emailEnc ? cipher.decrypt(row.emailEnc) : null,
    whatsappOpt: row.whatsappOpt,
    refcode: row.refcode,
    ownRefcode: row.ownRefcode,
    utm: { source: row.utmSource, medium: row.utmMedium, campaign: row.utmCampaign },
    userAgent: row.userAgent,
    source: row.source,
    clientCode: row.clientCode,
    language: row.language,
    createdAt: row.createdAt,
  };
}
