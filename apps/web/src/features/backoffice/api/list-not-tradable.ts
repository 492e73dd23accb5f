import { notTradableListSchema } from '@ekyc/contracts/calls/backoffice-registrations';
import { useQuery } from '@tanstack/react-query';
import { staffData } from './staff-client';

export const notTradableKey = ['backoffice', 'not-tradable'] as const;

/** Approved applications whose client cannot trade yet, oldest first. */
export function useNotTradable() {
  return useQuery({
    queryKey: notTradableKey,
    queryFn: () => staffData('GET', 'registrations/not-tradable', notTradableListSchema),
    refetchInterval: 30_000,
  });
}
