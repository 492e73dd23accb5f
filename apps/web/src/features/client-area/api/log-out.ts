import { useMutation } from '@tanstack/react-query';
import { noData } from '../../../lib/api-client';
import { clientApi, clientToken } from './client-api';

/** POST logout: the token stops working; the sign-in shows again. */
export function useClientLogOut() {
  return useMutation({
    mutationFn: () => clientApi.post('logout', noData),
    onSettled: () => clientToken.set(null),
  });
}
