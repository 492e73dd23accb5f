import type { SendOtpRequest } from '@ekyc/contracts/calls/send-otp';
import { useMutation } from '@tanstack/react-query';
import { sendOtpReplyDataSchema } from '@ekyc/contracts/calls/web-send-otp';
import { apiPost } from '../../../lib/api-client';

export const sendOtp = (body: SendOtpRequest) => apiPost('send-otp', sendOtpReplyDataSchema, body);

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp });
}
