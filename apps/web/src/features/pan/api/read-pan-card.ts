import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { panValidationContract } from './pan-validation-contract';

/** POST pan-validation?is_ocr=true: the PAN card photo read on the server (fills the form). */
export const readPanCard = async (base64: string) =>
  apiPost('pan-validation', (await panValidationContract()).panOcrReplyDataSchema, { base64 }, { is_ocr: true });

export function useReadPanCard() {
  return useMutation({ mutationFn: readPanCard });
}
