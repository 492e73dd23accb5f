import type { ChangePasswordBody } from '@ekyc/contracts/calls/backoffice-password';
import { staffMemberDataSchema } from '@ekyc/contracts/calls/backoffice-login';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meKey } from './get-me';
import { staffRequest } from './staff-client';

export const changePassword = (body: ChangePasswordBody) =>
  staffRequest('POST', 'password', staffMemberDataSchema, { body });

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (reply) => {
      if (reply.status) client.setQueryData(meKey, reply.data.staff);
    },
  });
}
