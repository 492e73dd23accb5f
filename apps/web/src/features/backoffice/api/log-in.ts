import { staffLoginDataSchema } from '@ekyc/contracts/calls/backoffice-login';
import { staffMfaChallengeSchema } from '@ekyc/contracts/calls/backoffice-mfa';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { staffRequest, staffToken } from './staff-client';

/** Signed in (a token), or a second factor due (a challenge to send back with the code). */
export const logInReplySchema = z.union([staffLoginDataSchema, staffMfaChallengeSchema]);

export const logIn = (body: { email: string; password: string }) =>
  staffRequest('POST', 'login', logInReplySchema, { body });

export function useLogIn() {
  return useMutation({
    mutationFn: logIn,
    onSuccess: (reply) => {
      if (reply.status && 'token' in reply.data) staffToken.set(reply.data.token);
    },
  });
}
