import { useMutation, useQueryClient } from '@tanstack/react-query';
import { noData } from '../../../lib/api-client';
import { staffRequest, staffToken } from './staff-client';

/**
 * Signs out at once in this tab (the token is forgotten before the call goes out, so a page opened
 * next never sends it), then tells the server with the token it had, so that it stops working.
 */
export function useLogOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => {
      const token = staffToken.get();
      staffToken.set(null);
      client.removeQueries({ queryKey: ['backoffice'] });
      if (!token) return Promise.resolve(undefined);
      return staffRequest('POST', 'logout', noData, { headers: { authorization: `Bearer ${token}` } }).catch(
        () => undefined,
      );
    },
  });
}
