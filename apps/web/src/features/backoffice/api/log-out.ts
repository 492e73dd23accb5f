import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffRequest, staffToken } from './staff-client';

export function useLogOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => staffRequest('POST', 'logout').catch(() => undefined),
    onSettled: () => {
      staffToken.set(null);
      client.removeQueries({ queryKey: ['backoffice'] });
    },
  });
}
