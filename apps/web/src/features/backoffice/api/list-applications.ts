import { queueDataSchema, type QueueQuery } from '@ekyc/contracts/calls/backoffice-queue';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { staffData } from './staff-client';

export const queueKey = ['backoffice', 'queue'] as const;

export function useApplications(query: QueueQuery) {
  return useQuery({
    queryKey: [...queueKey, query],
    queryFn: () => staffData('GET', 'applications', queueDataSchema, { query }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}
