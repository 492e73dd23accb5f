import { registrationCorrectionDataSchema } from '@ekyc/contracts/calls/backoffice-registrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { auditKey } from './get-audit-trail';
import { correctionsKey } from './list-corrections';
import { staffRequest } from './staff-client';

/** The OTP the client received at the new email: the approved correction is applied with it. */
export const verifyCorrectionOtp = (id: string, correction: string, otp: string) =>
  staffRequest(
    'POST',
    `applications/${encodeURIComponent(id)}/registrations/corrections/${encodeURIComponent(correction)}/verify`,
    registrationCorrectionDataSchema,
    { body: { otp } },
  );

export function useVerifyCorrectionOtp(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { correction: string; otp: string }) => verifyCorrectionOtp(id, v.correction, v.otp),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: correctionsKey(id) }),
        client.invalidateQueries({ queryKey: auditKey(id) }),
      ]),
  });
}
