import { type UpdateNomineeRequest, updateNomineeResponseDataSchema } from '@ekyc/contracts/calls/update-nominee';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { invalidateUserDetails } from '../../../lib/user-details';

export const updateNominee = (body: UpdateNomineeRequest) =>
  apiPost('update-nominee', updateNomineeResponseDataSchema, body);

/** Saving or skipping nominees moves the stage: the cached user details are refreshed (section 7). */
export function useUpdateNominee() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateNominee, onSettled: () => invalidateUserDetails(client) });
}
