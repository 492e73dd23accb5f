/** The bank_obj section and the bank verification callback (the record's second element). */
import type { NameMatch } from '@ekyc/contracts/calls/bank-verification';
import type { ChequeOcr } from '@ekyc/contracts/calls/cheque-verification';
import type { VpaCallback } from '@ekyc/contracts/calls/vpa-validation';
import { useUserDetails } from '../../../lib/user-details';

export interface BankRecord {
  is_object: boolean;
  ifsc?: string | null;
  bank_name?: string | null;
  branch?: string | null;
  address?: string | null;
  account_number?: string | null;
  account_type?: string | null;
  bank_verify_edit?: boolean;
  cheque_ocr?: ChequeOcr | null;
  doctype?: string | null;
  vpa_id?: string | null;
  name_match?: NameMatch | null;
  /** A signed URL once stored. */
  document?: string | null;
  document_type?: string | null;
  verification?: { method: string; status: string } | null;
}

export function useBankRecord() {
  const user = useUserDetails();
  const bank = (user.details?.bank_obj ?? { is_object: false }) as BankRecord;
  const callback = (user.callback ?? {}) as { vpa_callback?: VpaCallback };
  const panName = (user.details?.pan_obj as { full_name?: string } | undefined)?.full_name ?? '';
  return { ...user, bank, vpaCallback: callback.vpa_callback, panName };
}

/** Masks all but the last four digits for display. */
export const maskAccount = (n: string | null | undefined) =>
  n ? `${'•'.repeat(Math.max(0, n.length - 4))}${n.slice(-4)}` : '';
