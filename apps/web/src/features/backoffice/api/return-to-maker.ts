import { returnToMakerDataSchema } from '@ekyc/contracts/calls/backoffice-checker-queue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applicationKey } from './get-application';
import { awaitingKey } from './list-awaiting-confirmation';
import { notesKey } from './staff-notes';
import { staffRequest } from './staff-client';

/** The checker hands the application back to its maker with a note. */
export function useReturnToMaker(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (note: string) =>
      staffRequest('POST', `applications/${encodeURIComponent(id)}/return-to-maker`, returnToMakerDataSchema, {
        body: { note },
      }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: applicationKey(id) }),
        client.invalidateQueries({ queryKey: notesKey(id) }),
        client.invalidateQueries({ queryKey: awaitingKey }),
      ]),
  });
}
