import { breachAffectedSchema } from '@ekyc/contracts/calls/backoffice-privacy';
import { useQuery } from '@tanstack/react-query';
import { staffData } from './staff-client';

/** The applicants a breach affects, with their contacts: read only when an admin asks (each read is audited). */
export function useBreachAffected(id: string | null) {
  return useQuery({
    queryKey: ['backoffice', 'breaches', id, 'affected'],
    queryFn: () => staffData('GET', `privacy/breaches/${encodeURIComponent(id!)}/affected`, breachAffectedSchema),
    enabled: id !== null,
    staleTime: Infinity,
  });
}
