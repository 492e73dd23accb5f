import type { VerifyOtpRequest } from '@ekyc/contracts/calls/verify-otp';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { invalidateUserDetails } from '../../../lib/user-details';

export interface VerifyOtpData {
  token?: string;
  screen?: string;
  stage?: number;
  pan_missing?: boolean;
}

export const verifyOtp = (body: VerifyOtpRequest) => apiPost<VerifyOtpData>('verify-otp', body);

export function useVerifyOtp() {
  const client = useQueryClient();
  return useMutation({ mutationFn: verifyOtp, onSuccess: () => invalidateUserDetails(client) });
}
