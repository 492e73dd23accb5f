/**
 * ekyc_obj of the user details record (spec section 3): a summary of the e-KYC evidence, written
 * when identity verification completes (the DigiLocker stage): which route verified the applicant's
 * identity and address, from which documents, whether the PAN is KRA-registered, and when.
 * Until then it reads { is_object: false }.
 */

import type { EkycRoute, EkycStored } from '@ekyc/contracts/sections';

const SOURCES: readonly string[] = ['digilocker', 'manual', 'kra'];

export function ekycSummary(
  route: EkycRoute,
  locker: { cdl_documents?: { document_type?: unknown; source?: unknown }[]; eaadhaar_xml?: unknown },
  pan: { is_kra?: unknown } | null,
  at: Date,
): EkycStored {
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
