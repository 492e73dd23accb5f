import type { StaffMember } from '@ekyc/contracts/calls/backoffice-login';
import { useQuery } from '@tanstack/react-query';
import { staffData } from './staff-client';

export const staffKey = ['backoffice', 'staff'] as const;

export function useStaffList(enabled = true) {
  return useQuery({
    queryKey: staffKey,
    queryFn: () => staffData<{ staff: StaffMember[] }>('GET', 'staff').then((d) => d.staff),
    enabled,
  });
}
