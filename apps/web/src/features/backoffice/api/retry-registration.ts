import { registrationEntrySchema, type RegistrationKindCode } from '@ekyc/contracts/calls/backoffice-registrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { registrationsKey } from './list-registrations';
import { notTradableKey } from './list-not-tradable';
import { staffRequest } from './staff-client';

/** Sends a rejected or on-hold registration again. */
export const retryRegistration = (id: string, kind: RegistrationKindCode) =>
  staffRequest('POST', `applications/${encodeURIComponent(id)}/registrations/${kind}/retry`, registrationEntrySchema);

export function useRetryRegistration(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (kind: RegistrationKindCode) => retryRegistration(id, kind),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: registrationsKey(id) }),
        client.invalidateQueries({ queryKey: notTradableKey }),
      ]),
  });
}
