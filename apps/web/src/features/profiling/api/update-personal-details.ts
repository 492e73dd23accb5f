import { personalDetailsUpdateResponseDataSchema } from '@ekyc/contracts/calls/personal-details-update';
import type { ProfilingDraftValues } from '@ekyc/contracts/calls/profiling-draft';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { invalidateUserDetails } from '../../../lib/user-details';
import { PROFILING_DRAFT_KEY } from './get-profiling-draft';

/**
 * POST personal-details-update: completes client profiling; the reply names the next screen. The
 * body is every sub-step's answers; the server checks it whole with the shared rules.
 */
export const updatePersonalDetails = (body: ProfilingDraftValues) =>
  apiPost('personal-details-update', personalDetailsUpdateResponseDataSchema, body);

export function useUpdatePersonalDetails() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updatePersonalDetails,
    onSuccess: async () => {
      client.removeQueries({ queryKey: PROFILING_DRAFT_KEY });
      await invalidateUserDetails(client);
    },
  });
}
