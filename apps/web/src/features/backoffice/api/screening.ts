import {
  deceasedDataSchema,
  type ResolveHitBody,
  screeningDataSchema,
} from '@ekyc/contracts/calls/backoffice-screening';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { auditKey } from './get-audit-trail';
import { applicationKey } from './get-application';
import { staffData, staffRequest } from './staff-client';

export const screeningKey = (id: string) => ['backoffice', 'screening', id] as const;

/** An application's screening hits with the matched entries, its risk category and the deceased flag. */
export function useScreening(id: string) {
  return useQuery({
    queryKey: screeningKey(id),
    queryFn: () => staffData('GET', `applications/${encodeURIComponent(id)}/screening`, screeningDataSchema),
  });
}

/** Clears a hit (not the listed person) or confirms it (the listed person), with a note. */
export function useResolveHit(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ hitId, ...body }: ResolveHitBody & { hitId: string }) =>
      staffRequest(
        'POST',
        `applications/${encodeURIComponent(id)}/screening/hits/${encodeURIComponent(hitId)}`,
        screeningDataSchema,
        { body },
      ),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: screeningKey(id) }),
        client.invalidateQueries({ queryKey: auditKey(id) }),
      ]),
  });
}

/** Records the client as deceased, with a note (a supervisor or an administrator). */
export function useMarkDeceased(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (note: string) =>
      staffRequest('POST', `applications/${encodeURIComponent(id)}/deceased`, deceasedDataSchema, {
        body: { note },
      }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: screeningKey(id) }),
        client.invalidateQueries({ queryKey: applicationKey(id) }),
        client.invalidateQueries({ queryKey: auditKey(id) }),
      ]),
  });
}
