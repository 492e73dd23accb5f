import { registrationListSchema } from '@ekyc/contracts/calls/backoffice-registrations';
import { useQuery } from '@tanstack/react-query';
import { staffData } from './staff-client';

export const registrationsKey = (id: string) => ['backoffice', 'registrations', id] as const;

/** One application's registrations (once approved); refreshed every few seconds while any is still moving. */
export function useRegistrations(id: string, enabled: boolean) {
  return useQuery({
    queryKey: registrationsKey(id),
    enabled,
    queryFn: () => staffData('GET', `applications/${encodeURIComponent(id)}/registrations`, registrationListSchema),
    refetchInterval: (q) =>
      q.state.data?.some((r) => r.status === 'pending' || r.status === 'submitted') ? 2000 : false,
  });
}
