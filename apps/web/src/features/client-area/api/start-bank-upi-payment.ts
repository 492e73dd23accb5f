import { bankUpiStartDataSchema } from '@ekyc/contracts/calls/client-bank';
import { useMutation } from '@tanstack/react-query';
import { clientApi } from './client-api';

/** POST requests/bank/upi: a UPI reverse penny drop to pay Rs 1 (refunded) from the account to add. */
export function useStartBankUpiPayment() {
  return useMutation({
    mutationFn: () => clientApi.data('POST', 'requests/bank/upi', bankUpiStartDataSchema, { body: {} }),
  });
}
