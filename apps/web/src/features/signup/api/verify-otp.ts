import { type VerifyOtpRequest, verifyOtpDataSchema } from '@ekyc/contracts/calls/verify-otp';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { invalidateUserDetails } from '../../../lib/user-details';

export const verifyOtp = (body: VerifyOtpRequest) => apiPost('verify-otp', verifyOtpDataSchema, body);

export function useVerifyOtp() {
  const client = useQueryClient();
  return useMutation({ mutationFn: verifyOtp, onSuccess: () => invalidateUserDetails(client) });
}
