import { unlockStaffDataSchema } from '@ekyc/contracts/calls/backoffice-staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffKey } from './list-staff';
import { staffRequest } from './staff-client';

/** An admin lifts a staff account's sign-in lockout. */
export const unlockStaff = (id: string) =>
  staffRequest('POST', `staff/${encodeURIComponent(id)}/unlock`, unlockStaffDataSchema);

export function useUnlockStaff() {
  const client = useQueryClient();
  return useMutation({ mutationFn: unlockStaff, onSettled: () => client.invalidateQueries({ queryKey: staffKey }) });
}
