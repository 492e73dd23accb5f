import { panOcrReplyDataSchema } from '@ekyc/contracts/calls/pan-validation';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** POST pan-validation?is_ocr=true: the PAN card photo read on the server (fills the form). */
export const readPanCard = (base64: string) =>
  apiPost('pan-validation', panOcrReplyDataSchema, { base64 }, { is_ocr: true });

export function useReadPanCard() {
  return useMutation({ mutationFn: readPanCard });
}
