/** The bank_obj section and the bank verification callback (the record's second element). */
import type { RecordSections } from '@ekyc/contracts/user-details-schema';
import { useUserDetails } from '../../../lib/user-details';

/** bank_obj as the record shows it. */
export type BankRecord = RecordSections['bank_obj'];

export function useBankRecord() {
  const user = useUserDetails();
  const bank: BankRecord = user.details?.bank_obj ?? { is_object: false };
  const panName = user.details?.pan_obj.full_name ?? '';
  return {
    details: user.details,
    stage: user.stage,
    get isLoading() {
      return user.isLoading;
    },
    bank,
    vpaCallback: user.callback?.vpa_callback ?? undefined,
    panName,
  };
}

/** Masks all but the last four digits for display. */
export const maskAccount = (n: string | null | undefined) =>
  n ? `${'•'.repeat(Math.max(0, n.length - 4))}${n.slice(-4)}` : '';
