import { esignConsentDataSchema } from '@ekyc/contracts/calls/esign-consent';
import { useMutation } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/**
 * Starts a signing transaction for the form shown, with the broker's documents acknowledged at
 * their versions (`key@version,...`); its api_response goes into the popup.
 */
export const esignConsent = ({ eproId, documents }: { eproId: string; documents: string }) =>
  apiGet('esign-consent', esignConsentDataSchema, { epro_id: eproId, documents });

export function useEsignConsent() {
  return useMutation({ mutationFn: esignConsent });
}
