import { registrationCorrectionDataSchema } from '@ekyc/contracts/calls/backoffice-registrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { auditKey } from './get-audit-trail';
import { correctionsKey } from './list-corrections';
import { staffRequest } from './staff-client';

/** A second person's decision on a proposed correction (approve or reject). */
export const decideCorrection = (id: string, correction: string, decision: 'approve' | 'reject') =>
  staffRequest(
    'POST',
    `applications/${encodeURIComponent(id)}/registrations/corrections/${encodeURIComponent(correction)}/${decision}`,
    registrationCorrectionDataSchema,
  );

export function useDecideCorrection(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { correction: string; decision: 'approve' | 'reject' }) =>
      decideCorrection(id, v.correction, v.decision),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: correctionsKey(id) }),
        client.invalidateQueries({ queryKey: auditKey(id) }),
      ]),
  });
}
