import type { RegistrationCorrection } from '@ekyc/contracts/calls/backoffice-registrations';
import { registrationCorrectionDataSchema } from '@ekyc/contracts/calls/backoffice-registrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { auditKey } from './get-audit-trail';
import { correctionsKey } from './list-corrections';
import { staffRequest } from './staff-client';

/** Proposes a correction of what held a registration back; a second person approves it. */
export const correctRegistration = (id: string, correction: RegistrationCorrection) =>
  staffRequest(
    'POST',
    `applications/${encodeURIComponent(id)}/registrations/corrections`,
    registrationCorrectionDataSchema,
    {
      body: correction,
    },
  );

export function useCorrectRegistration(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (correction: RegistrationCorrection) => correctRegistration(id, correction),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: auditKey(id) }),
        client.invalidateQueries({ queryKey: correctionsKey(id) }),
      ]),
  });
}
