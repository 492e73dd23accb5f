import { getSegmentStatusDataSchema, type GetSegmentStatusRequest } from '@ekyc/contracts/calls/get-segment-status';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { invalidateUserDetails } from '../../../lib/user-details';

/**
 * The answer, and the route it names: a refusal carries the same shape as a success ({ status: 'F',
 * message, data: { screen } }), so its data is read with the same schema.
 */
export async function getSegmentStatus(body: GetSegmentStatusRequest) {
  const reply = await apiPost('get-segment-status', getSegmentStatusDataSchema, body);
  const answer = reply.status ? reply.data : getSegmentStatusDataSchema.safeParse(reply.data).data;
  const screen = answer?.data.screen ?? (reply.status ? undefined : reply.data.screen);
  return { ...reply, screen, succeeded: answer?.status === 'S' };
}

/** The account aggregator's answer completes the stage: the cached user details are refreshed. */
export function useGetSegmentStatus() {
  const client = useQueryClient();
  return useMutation({ mutationFn: getSegmentStatus, onSettled: () => invalidateUserDetails(client) });
}
