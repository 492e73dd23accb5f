import { applicationDataSchema } from '@ekyc/contracts/calls/backoffice-application';
import { useQuery } from '@tanstack/react-query';
import { staffData } from './staff-client';

export const applicationKey = (id: string) => ['backoffice', 'application', id] as const;

export function useApplication(id: string) {
  return useQuery({
    queryKey: applicationKey(id),
    queryFn: () => staffData('GET', `applications/${encodeURIComponent(id)}`, applicationDataSchema),
    // Signed document links last 15 minutes: refresh well before.
    refetchInterval: 10 * 60_000,
  });
}
