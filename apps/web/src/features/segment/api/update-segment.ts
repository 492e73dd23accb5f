import { updateSegmentDataSchema, type UpdateSegmentRequest } from '@ekyc/contracts/calls/update-segment';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { invalidateUserDetails } from '../../../lib/user-details';

export const updateSegment = (body: UpdateSegmentRequest) => apiPost('update-segment', updateSegmentDataSchema, body);

/** Saving segments may move the stage: the cached user details are refreshed. */
export function useUpdateSegment() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateSegment, onSettled: () => invalidateUserDetails(client) });
}
