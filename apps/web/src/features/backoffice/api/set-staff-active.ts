import { staffMemberDataSchema } from '@ekyc/contracts/calls/backoffice-login';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffKey } from './list-staff';
import { staffRequest } from './staff-client';

export const setStaffActive = ({ id, active }: { id: string; active: boolean }) =>
  staffRequest('POST', `staff/${encodeURIComponent(id)}/active`, staffMemberDataSchema, { body: { active } });

export function useSetStaffActive() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setStaffActive, onSettled: () => client.invalidateQueries({ queryKey: staffKey }) });
}
