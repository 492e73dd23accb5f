import { type UploadSignatureRequest, uploadSignatureResponseDataSchema } from '@ekyc/contracts/calls/upload-signature';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { invalidateUserDetails } from '../../../lib/user-details';

export const uploadSignature = (body: UploadSignatureRequest) =>
  apiPost('upload-signature', uploadSignatureResponseDataSchema, body);

/** Storing a signature moves the stage: the cached user details are refreshed. */
export function useUploadSignature() {
  const client = useQueryClient();
  return useMutation({ mutationFn: uploadSignature, onSettled: () => invalidateUserDetails(client) });
}
