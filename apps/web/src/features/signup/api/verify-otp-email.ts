import type { VerifyOtpEmailRequest } from '@ekyc/contracts/calls/verify-otp-email';
import { screenDataSchema } from '@ekyc/contracts/envelope';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { invalidateUserDetails } from '../../../lib/user-details';

export const verifyOtpEmail = (body: VerifyOtpEmailRequest) => apiPost('verify-otp-email', screenDataSchema, body);

export function useVerifyOtpEmail() {
  const client = useQueryClient();
  return useMutation({ mutationFn: verifyOtpEmail, onSuccess: () => invalidateUserDetails(client) });
}
