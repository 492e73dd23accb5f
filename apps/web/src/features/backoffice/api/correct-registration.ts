import type { RegistrationCorrection } from '@ekyc/contracts/calls/backoffice-registrations';
import { registrationCorrectionDataSchema } from '@ekyc/contracts/calls/backoffice-registrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { auditKey } from './get-audit-trail';
import { staffRequest } from './staff-client';

/** Corrects what held a registration back (before a retry). */
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
    onSettled: () => client.invalidateQueries({ queryKey: auditKey(id) }),
  });
}
