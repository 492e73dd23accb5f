import { notesDataSchema } from '@ekyc/contracts/calls/backoffice-checker-queue';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffData } from './staff-client';

export const notesKey = (id: string) => ['backoffice', 'notes', id] as const;

/** An application's staff notes (hand-over, return, accepts against a check, internal), oldest first. */
export function useStaffNotes(id: string) {
  return useQuery({
    queryKey: notesKey(id),
    queryFn: () => staffData('GET', `applications/${encodeURIComponent(id)}/notes`, notesDataSchema),
  });
}

/** Adds an internal note (never shown to the applicant). */
export function useAddNote(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (note: string) =>
      staffData('POST', `applications/${encodeURIComponent(id)}/notes`, notesDataSchema, { body: { note } }),
    onSuccess: (data) => client.setQueryData(notesKey(id), data),
  });
}
