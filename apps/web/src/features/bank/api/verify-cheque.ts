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

/** A refused or failed upload refreshes the record at once; an accepted one when the page goes on
 * (`refresh`): the page may first say what the cheque showed, and the refreshed stage would move
 * the applicant past this step before they read it. */
export function useVerifyCheque() {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: verifyCheque,
    onSettled: (reply) => (reply?.status ? undefined : invalidateUserDetails(client)),
  });
  return { ...mutation, refresh: () => invalidateUserDetails(client) };
}
