import type { SendOtpRequest } from '@ekyc/contracts/calls/send-otp';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

export interface SendOtpData {
  screen: string;
  resend_after: number;
  expires_in: number;
}

export const sendOtp = (body: SendOtpRequest) => apiPost<SendOtpData>('send-otp', body);

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp });
}
