import type { QueueData, QueueQuery } from '@ekyc/contracts/calls/backoffice-queue';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { staffData } from './staff-client';

export const queueKey = ['backoffice', 'queue'] as const;

export function useApplications(query: QueueQuery) {
  return useQuery({
    queryKey: [...queueKey, query],
    queryFn: () => staffData<QueueData>('GET', 'applications', { query: query as Record<string, string | number> }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}
