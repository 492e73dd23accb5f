import { type UploadLivelinessRequest, uploadLivelinessDataSchema } from '@ekyc/contracts/calls/upload-liveliness';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { invalidateUserDetails } from '../../../lib/user-details';
import { LIVENESS_TOKEN_KEY } from './get-hypervege-token';

/** POST: the selfie; GET: where the check stands (the poll of section 4). */
export const uploadLiveliness = (body: UploadLivelinessRequest) =>
  apiPost('upload-liveliness', uploadLivelinessDataSchema, body);
export const getLivelinessResult = () => apiGet('upload-liveliness', uploadLivelinessDataSchema);

/** A finished check moves the stage (user details) and spends the module token. */
export function useUploadLiveliness() {
  return useMutation({ mutationFn: uploadLiveliness });
}

export function finishLiveness(client: ReturnType<typeof useQueryClient>) {
  void client.removeQueries({ queryKey: LIVENESS_TOKEN_KEY });
  return invalidateUserDetails(client);
}
