import { getSegmentListDataSchema } from '@ekyc/contracts/calls/get-segment-list';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export const SEGMENT_LIST_KEY = ['segment-list'] as const;

export const getSegmentList = () => apiGet('get-segment-list', getSegmentListDataSchema);

/** The segments change only when an operator edits the table: cached for the session. */
export function useSegmentList() {
  return useQuery({
    queryKey: SEGMENT_LIST_KEY,
    queryFn: async () => {
      const reply = await getSegmentList();
      return reply.status ? reply.data : [];
    },
    staleTime: Infinity,
  });
}
