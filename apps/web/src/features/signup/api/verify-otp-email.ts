import { type VerifyOtpEmailRequest, verifyOtpEmailDataSchema } from '@ekyc/contracts/calls/verify-otp-email';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { invalidateUserDetails } from '../../../lib/user-details';

export const verifyOtpEmail = (body: VerifyOtpEmailRequest) =>
  apiPost('verify-otp-email', verifyOtpEmailDataSchema, body);

export function useVerifyOtpEmail() {
  const client = useQueryClient();
  return useMutation({ mutationFn: verifyOtpEmail, onSuccess: () => invalidateUserDetails(client) });
}
