import { clientSendOtpDataSchema, clientVerifyOtpDataSchema } from '@ekyc/contracts/calls/client-area';
import { useMutation } from '@tanstack/react-query';
import { clientApi } from './client-api';

/** POST send-otp: the sign-in code to a registered mobile. */
export const sendClientOtp = (mobile: string) => clientApi.post('send-otp', clientSendOtpDataSchema, { mobile });

/** POST verify-otp: the client's token for an open account (status false with data.reason otherwise). */
export function useVerifyClientOtp() {
  return useMutation({
    mutationFn: (body: { mobile: string; otp: string }) =>
      clientApi.post('verify-otp', clientVerifyOtpDataSchema, body),
  });
}
