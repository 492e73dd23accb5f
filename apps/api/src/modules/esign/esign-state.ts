/** What e-sign keeps between its calls, in a private section never shown to the applicant. */
import type { FormFact } from '../../documents/form-facts.ts';
import type { FileRef, StoredSections } from '../../records/applicant-records.ts';

export const ESIGN_PRIVATE = '_esign_private';

export interface EsignState {
  epro_id: string;
  /** The form with its signature placeholder: the bytes whose ByteRange hash is signed. */
  generated_doc: FileRef;
  /** hex SHA-256 of the ByteRange (eSign InputHash). */
  input_hash: string;
  generated_at: string;
  /** What the form prints of the applicant (kept as the signed version once signed, records/signed-form.ts). */
  facts?: FormFact[];
  /** The MITC version the form prints (the one the applicant acknowledges by signing it). */
  mitc_version?: string;
  /** The broker's documents the applicant acknowledged before signing: key to version, and when. */
  documents_acknowledged?: { versions: Record<string, string>; at: string };
}

/** The state among every section read (a snapshot), when it is one. */
export function esignStateIn(sections: StoredSections): EsignState | null {
  const v = sections[ESIGN_PRIVATE];
  return isEsignState(v) ? v : null;
}

const isEsignState = (v: unknown): v is EsignState =>
  typeof v === 'object' && v !== null && 'epro_id' in v && 'generated_doc' in v && 'input_hash' in v;

export interface EsignSection {
  epro_id: string;
  generated_doc: FileRef;
  signed_document?: FileRef;
  signed_at?: string;
  /**
   * The signer certificate's name (the ESP's Aadhaar eKYC) against the Aadhaar name on record,
   * through the bank's name matcher; a mismatch is a failed review check.
   */
  signer_name_match?: { signer_name: string; aadhaar_name: string | null; result: string; score: number };
  /** The e-sign service provider that signed (ESIGN_VENDORS): the evidence of who served the call. */
  esp?: string;
}

declare module '../../records/section-codec.ts' {
  interface PrivateSectionTypes {
    [ESIGN_PRIVATE]: EsignState;
  }
}
