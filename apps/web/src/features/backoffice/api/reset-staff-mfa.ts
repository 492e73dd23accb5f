import { staffMemberDataSchema } from '@ekyc/contracts/calls/backoffice-login';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffKey } from './list-staff';
import { staffRequest } from './staff-client';

/** An admin resets a staff member's second factor; with four eyes a second admin's call carries it out. */
export const resetStaffMfa = (id: string) =>
  staffRequest('POST', `staff/${encodeURIComponent(id)}/mfa/reset`, staffMemberDataSchema);

export function useResetStaffMfa() {
  const client = useQueryClient();
  return useMutation({ mutationFn: resetStaffMfa, onSettled: () => client.invalidateQueries({ queryKey: staffKey }) });
}
