import { staffMemberDataSchema } from '@ekyc/contracts/calls/backoffice-login';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffKey } from './list-staff';
import { staffRequest } from './staff-client';

/** A second admin approves a waiting admin or checker grant (four eyes). */
export const approveStaffRole = (id: string) =>
  staffRequest('POST', `staff/${encodeURIComponent(id)}/role/approve`, staffMemberDataSchema);

export function useApproveStaffRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: approveStaffRole,
    onSettled: () => client.invalidateQueries({ queryKey: staffKey }),
  });
}
