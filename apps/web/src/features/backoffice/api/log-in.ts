import { staffLoginDataSchema } from '@ekyc/contracts/calls/backoffice-login';
import { useMutation } from '@tanstack/react-query';
import { staffRequest, staffToken } from './staff-client';

export const logIn = (body: { email: string; password: string }) =>
  staffRequest('POST', 'login', staffLoginDataSchema, { body });

export function useLogIn() {
  return useMutation({
    mutationFn: logIn,
    onSuccess: (reply) => {
      if (reply.status) staffToken.set(reply.data.token);
    },
  });
}
