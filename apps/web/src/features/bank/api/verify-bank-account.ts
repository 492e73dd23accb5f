import { bankVerificationDataSchema, type BankVerificationRequest } from '@ekyc/contracts/calls/bank-verification';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { invalidateUserDetails } from '../../../lib/user-details';

/** bank-verification?is_vpa=false: the penny drop (section 7). */
export const verifyBankAccount = (body: BankVerificationRequest) =>
  apiPost('bank-verification', bankVerificationDataSchema, body, { is_vpa: false });

export function useVerifyBankAccount() {
  const client = useQueryClient();
  return useMutation({ mutationFn: verifyBankAccount, onSettled: () => invalidateUserDetails(client) });
}
