import { otherBankDocumentDataSchema, type OtherBankDocumentRequest } from '@ekyc/contracts/calls/other-bank-document';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { invalidateUserDetails } from '../../../lib/user-details';

/** other-bank-document: a bank statement or passbook with the bank details (section 7). */
export const uploadOtherBankDocument = (body: OtherBankDocumentRequest) =>
  apiPost('other-bank-document', otherBankDocumentDataSchema, body);

export function useUploadOtherBankDocument() {
  const client = useQueryClient();
  return useMutation({ mutationFn: uploadOtherBankDocument, onSettled: () => invalidateUserDetails(client) });
}
