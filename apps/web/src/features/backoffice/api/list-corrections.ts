import { correctionViewSchema } from '@ekyc/contracts/calls/backoffice-registrations';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { staffData } from './staff-client';

export const correctionsKey = (id: string) => ['backoffice', 'corrections', id] as const;

/** An application's corrections, proposed and decided, for the checker. */
export function useCorrections(id: string) {
  return useQuery({
    queryKey: correctionsKey(id),
    queryFn: () =>
      staffData(
        'GET',
        `applications/${encodeURIComponent(id)}/registrations/corrections`,
        z.object({ corrections: z.array(correctionViewSchema) }),
      ),
  });
}
