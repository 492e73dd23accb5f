import { myAccountDataSchema } from '@ekyc/contracts/calls/client-area';
import { useQuery } from '@tanstack/react-query';
import { clientApi } from './client-api';

export const myAccountKey = ['client-area', 'my-account'] as const;

/** GET my-account; refreshed every few seconds while a request is with the back office or the registries. */
export function useMyAccount() {
  return useQuery({
    queryKey: myAccountKey,
    queryFn: () => clientApi.data('GET', 'my-account', myAccountDataSchema),
    refetchInterval: (q) =>
      q.state.data?.requests.some((r) => r.status === 'in_review' || r.status === 'sent_to_registries') ? 3000 : false,
  });
}
