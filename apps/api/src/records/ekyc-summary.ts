/**
 * ekyc_obj of the user details record (spec section 3): a summary of the e-KYC evidence, written
 * when identity verification completes (the DigiLocker stage): which route verified the applicant's
 * identity and address, from which documents, whether the PAN is KRA-registered, and when.
 * Until then it reads { is_object: false }.
 */

/** DigiLocker (issued documents), manual upload of officially valid documents, or the KRA's record. */
export type EkycRoute = 'digilocker' | 'manual' | 'kra';

export interface EkycSummary {
  route: EkycRoute;
  /** Each document the identity rests on, with where it came from. */
  documents: { document_type: string; source: EkycRoute }[];
  /** The PAN is registered with a KRA (pan_obj.is_kra). */
  kra_registered: boolean;
  /** DigiLocker delivered the e-Aadhaar as signed XML (kept as evidence). */
  aadhaar_signed_xml: boolean;
  verified_at: string;
}

const SOURCES: readonly string[] = ['digilocker', 'manual', 'kra'];

export function ekycSummary(
  route: EkycRoute,
  locker: { cdl_documents?: { document_type?: unknown; source?: unknown }[]; eaadhaar_xml?: unknown },
  pan: { is_kra?: unknown } | null,
  at: Date,
): EkycSummary {
  return {
    route,
    documents: (locker.cdl_documents ?? []).map((d) => ({
      document_type: String(d.document_type ?? ''),
      source: typeof d.source === 'string' && SOURCES.includes(d.source) ? (d.source as EkycRoute) : route,
    })),
    kra_registered: pan?.is_kra === true,
    aadhaar_signed_xml: Boolean(locker.eaadhaar_xml),
    verified_at: at.toISOString(),
  };
}
