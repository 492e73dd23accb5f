import { useMutation, useQueryClient } from '@tanstack/react-query';
import { noData } from '../../../lib/api-client';
import { staffRequest, staffToken } from './staff-client';

export function useLogOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => staffRequest('POST', 'logout', noData).catch(() => undefined),
    onSettled: () => {
      staffToken.set(null);
      client.removeQueries({ queryKey: ['backoffice'] });
    },
  });
}
