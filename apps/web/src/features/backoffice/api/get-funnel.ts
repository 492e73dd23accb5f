import { funnelDataSchema, type FunnelQuery } from '@ekyc/contracts/calls/backoffice-funnel';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { staffData } from './staff-client';

export function useFunnel(query: FunnelQuery) {
  return useQuery({
    queryKey: ['backoffice', 'funnel', query],
    queryFn: () => staffData('GET', 'funnel', funnelDataSchema, { query }),
    placeholderData: keepPreviousData,
  });
}
