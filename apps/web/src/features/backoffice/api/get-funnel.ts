import type { FunnelData, FunnelQuery } from '@ekyc/contracts/calls/backoffice-funnel';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { staffData } from './staff-client';

export function useFunnel(query: FunnelQuery) {
  return useQuery({
    queryKey: ['backoffice', 'funnel', query],
    queryFn: () => staffData<FunnelData>('GET', 'funnel', { query: query as Record<string, string> }),
    placeholderData: keepPreviousData,
  });
}
