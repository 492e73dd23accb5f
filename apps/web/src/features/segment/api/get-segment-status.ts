import type { GetSegmentStatusData, GetSegmentStatusRequest } from '@ekyc/contracts/calls/get-segment-status';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { invalidateUserDetails } from '../../../lib/user-details';

export const getSegmentStatus = (body: GetSegmentStatusRequest) =>
  apiPost<Partial<GetSegmentStatusData>>('get-segment-status', body);

/** The account aggregator's answer completes the stage: the cached user details are refreshed. */
export function useGetSegmentStatus() {
  const client = useQueryClient();
  return useMutation({ mutationFn: getSegmentStatus, onSettled: () => invalidateUserDetails(client) });
}
