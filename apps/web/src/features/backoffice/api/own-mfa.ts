import { staffMfaEnrolmentSchema } from '@ekyc/contracts/calls/backoffice-mfa';
import { staffOwnMfaConfirmDataSchema } from '@ekyc/contracts/calls/backoffice-own-mfa';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meKey } from './get-me';
import { staffRequest } from './staff-client';

/** A new authenticator secret for the signed-in member who sets up a second factor of their own accord. */
export const enrolOwnMfa = () => staffRequest('POST', 'mfa/enrol', staffMfaEnrolmentSchema);
export const useEnrolOwnMfa = () => useMutation({ mutationFn: enrolOwnMfa });

/** Its first code enrols the account (recovery codes in the reply); the member's details change. */
export const confirmOwnMfa = (code: string) =>
  staffRequest('POST', 'mfa/confirm', staffOwnMfaConfirmDataSchema, { body: { code } });
export function useConfirmOwnMfa() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: confirmOwnMfa,
    onSuccess: (reply) => {
      if (reply.status) client.setQueryData(meKey, reply.data.staff);
    },
  });
}
