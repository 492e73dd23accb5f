import { bankUpiStatusDataSchema } from '@ekyc/contracts/calls/client-bank';
import { useQuery } from '@tanstack/react-query';
import { clientApi } from './client-api';

const POLL_MS = 2000;

/** GET requests/bank/upi/{id}: asked again every two seconds while the payment waits for the provider's notification. */
export function useBankUpiPayment(id: string | null) {
  return useQuery({
    queryKey: ['client-area', 'bank-upi', id],
    queryFn: () => clientApi.data('GET', `requests/bank/upi/${encodeURIComponent(id!)}`, bankUpiStatusDataSchema),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.state === 'waiting' ? POLL_MS : false),
  });
}
