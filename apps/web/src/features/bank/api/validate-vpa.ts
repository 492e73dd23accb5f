import { vpaValidationDataSchema, type VpaValidationRequest } from '@ekyc/contracts/calls/vpa-validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { invalidateUserDetails } from '../../../lib/user-details';

/** vpa-validation: success is status_description 'Success'; a collect request then waits in the UPI app. */
export const validateVpa = (body: VpaValidationRequest) => apiPost('vpa-validation', vpaValidationDataSchema, body);

export function useValidateVpa() {
  const client = useQueryClient();
  return useMutation({ mutationFn: validateVpa, onSettled: () => invalidateUserDetails(client) });
}
