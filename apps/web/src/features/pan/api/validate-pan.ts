import type { PanValidationRequest } from '@ekyc/contracts/calls/pan-validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { invalidateUserDetails } from '../../../lib/user-details';
import { panValidationContract } from './pan-validation-contract';

/** POST pan-validation?is_ocr=false: the PAN, name and date of birth checked at the source. */
export const validatePan = async (body: PanValidationRequest) =>
  apiPost('pan-validation', (await panValidationContract()).panValidationDataSchema, body, { is_ocr: false });

export function useValidatePan() {
  const client = useQueryClient();
  return useMutation({ mutationFn: validatePan, onSuccess: () => invalidateUserDetails(client) });
}
