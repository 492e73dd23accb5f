import {
  chequeVerificationDataSchema,
  type ChequeVerificationRequest,
} from '@ekyc/contracts/calls/cheque-verification';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { invalidateUserDetails } from '../../../lib/user-details';

/** cheque-verification: the cancelled cheque image as a data URL (section 7). */
export const verifyCheque = (body: ChequeVerificationRequest) =>
  apiPost('cheque-verification', chequeVerificationDataSchema, body);

export function useVerifyCheque() {
  const client = useQueryClient();
  return useMutation({ mutationFn: verifyCheque, onSettled: () => invalidateUserDetails(client) });
}
