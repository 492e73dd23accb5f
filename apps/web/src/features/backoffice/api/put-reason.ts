import { type PutReasonBody, reasonReplySchema } from '@ekyc/contracts/calls/backoffice-reasons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffRequest } from './staff-client';

export const reasonsKey = ['backoffice', 'reasons'] as const;

/** An administrator's edit of a coded reason: a new version (or the first). */
export const putReason = ({ code, body }: { code: string; body: PutReasonBody }) =>
  staffRequest('PUT', `reasons/${encodeURIComponent(code)}`, reasonReplySchema.shape.data, { body });

export function usePutReason() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: putReason,
    onSuccess: () => client.invalidateQueries({ queryKey: reasonsKey }),
  });
}
