import type { StaffMember } from '@ekyc/contracts/calls/backoffice-login';
import type { ChangePasswordBody } from '@ekyc/contracts/calls/backoffice-password';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meKey } from './get-me';
import { staffRequest } from './staff-client';

export const changePassword = (body: ChangePasswordBody) =>
  staffRequest<{ staff: StaffMember }>('POST', 'password', { body });

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (reply) => {
      if (reply.status) client.setQueryData(meKey, reply.data.staff);
    },
  });
}
