import { staffMemberDataSchema } from '@ekyc/contracts/calls/backoffice-login';
import { useQuery } from '@tanstack/react-query';
import { staffData } from './staff-client';

export const meKey = ['backoffice', 'me'] as const;

export function useMe(enabled: boolean) {
  return useQuery({
    queryKey: meKey,
    queryFn: () => staffData('GET', 'me', staffMemberDataSchema).then((d) => d.staff),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}
