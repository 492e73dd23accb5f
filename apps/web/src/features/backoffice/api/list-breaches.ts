import { breachSchema } from '@ekyc/contracts/calls/backoffice-privacy';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { staffData } from './staff-client';

export const breachesKey = ['backoffice', 'breaches'] as const;

export function useBreaches(enabled = true) {
  return useQuery({
    queryKey: breachesKey,
    queryFn: () =>
      staffData('GET', 'privacy/breaches', z.object({ breaches: z.array(breachSchema) })).then((d) => d.breaches),
    enabled,
  });
}
