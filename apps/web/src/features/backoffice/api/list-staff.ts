import { staffListDataSchema } from '@ekyc/contracts/calls/backoffice-staff';
import { useQuery } from '@tanstack/react-query';
import { staffData } from './staff-client';

export const staffKey = ['backoffice', 'staff'] as const;

export function useStaffList(enabled = true) {
  return useQuery({
    queryKey: staffKey,
    queryFn: () => staffData('GET', 'staff', staffListDataSchema).then((d) => d.staff),
    enabled,
  });
}
