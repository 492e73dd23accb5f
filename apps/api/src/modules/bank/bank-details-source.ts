/** The account a bank document proves: typed now, or kept from the earlier penny-drop attempt. */
import type { ManualBankDetails } from '@ekyc/contracts/calls/cheque-verification';
import type { IfscDetails } from '@ekyc/contracts/calls/get-ifsc';
import type { BankDeps } from './deps.ts';
import { invalidField } from '../../lib/errors.ts';
import type { BankObj } from './bank-record.ts';

type Deps = Pick<BankDeps, 'bank'>;

export interface ResolvedBankDetails {
  ifsc: string;
  account_number: string;
  account_type: string;
  directory: IfscDetails;
}

export async function resolveBankDetails(
  deps: Deps,
  typed: ManualBankDetails | undefined,
  stored: BankObj | null,
): Promise<ResolvedBankDetails> {
  const source = typed ?? (stored?.ifsc && stored.account_number && stored.account_type ? stored : null);
  if (!source?.ifsc || !source.account_number || !source.account_type) throw invalidField('data', 'fieldRequired');
  const directory = await deps.bank.ifsc.lookup(source.ifsc);
  if (!directory) throw invalidField('data.ifsc', 'ifscInvalid');
  return {
    ifsc: source.ifsc,
    account_number: source.account_number,
    account_type: source.account_type,
    directory,
  };
}
