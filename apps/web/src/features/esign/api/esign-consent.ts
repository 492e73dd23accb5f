import { esignConsentDataSchema } from '@ekyc/contracts/calls/esign-consent';
import { useMutation } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** Starts a signing transaction; its api_response goes into the popup. */
export const esignConsent = (eproId: string) => apiGet('esign-consent', esignConsentDataSchema, { epro_id: eproId });

export function useEsignConsent() {
  return useMutation({ mutationFn: esignConsent });
}
