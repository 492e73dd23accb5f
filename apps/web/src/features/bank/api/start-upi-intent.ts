import { upiIntentDataSchema } from '@ekyc/contracts/calls/upi-intent';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { invalidateUserDetails } from '../../../lib/user-details';

/** upi-intent: a ₹1 upi://pay link (and its QR) to pay from any UPI app; the answer comes as the vpa_callback. */
export const startUpiIntent = () => apiPost('upi-intent', upiIntentDataSchema, {});

export function useStartUpiIntent() {
  const client = useQueryClient();
  return useMutation({ mutationFn: startUpiIntent, onSettled: () => invalidateUserDetails(client) });
}
