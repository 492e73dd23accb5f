import { useMutation } from '@tanstack/react-query';
import { noData } from '../../../lib/api-client';
import { clientApi, clientToken } from './client-api';

/** POST logout: the sign-in shows again at once (the token forgotten first); the token stops working. */
export function useClientLogOut() {
  return useMutation({
    mutationFn: () => {
      const token = clientToken.get();
      clientToken.set(null);
      if (!token) return Promise.resolve(undefined);
      return clientApi.request('POST', 'logout', noData, { headers: { authorization: `Bearer ${token}` } });
    },
  });
}
