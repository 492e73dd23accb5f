/**
 * upload-signature: store the drawn or uploaded signature (re-encoded PNG) and complete stage 170.
 * An applicant who cannot sign gives a thumb impression, or a guardian signs for them (named, with
 * the relation); the form prints which.
 */
import type { UploadSignatureRequest } from '@ekyc/contracts/calls/upload-signature';
import { STAGE, type Screen } from '@ekyc/contracts/stages';
import type { SignatureDeps } from './deps.ts';
import { ok, type Outcome } from '../../lib/outcome.ts';
import { normaliseSignatureImage } from './signature-image.ts';

export async function uploadSignature(
  deps: Pick<SignatureDeps, 'records'>,
  applicantId: string,
  input: Pick<Required<UploadSignatureRequest>, 'signature_image' | 'document_type' | 'upload_type'> &
    Pick<UploadSignatureRequest, 'signature_mark' | 'guardian'>,
): Promise<Outcome<{ screen: Screen; stage: number }>> {
  const png = await normaliseSignatureImage(input.signature_image);
  const [stored] = await deps.records.storeFiles([{ kind: 'signature', contentType: 'image/png', bytes: png }]);
  const document = stored!.ref;
  // Only the signature stage accepts one, checked in the statement that completes it: afterwards it
  // is read-only (section 2). Refused, the picture's bytes are left to the sweep of unfinished writes.
  const move = await deps.records.completeStage(applicantId, STAGE.SIGNATURE, {
    action: 'upload-signature',
    files: [stored!],
    sections: {
      signature_obj: {
        document_type: 'png',
        upload_type: input.upload_type,
        document,
        // a thumb impression, or a guardian's signature, for an applicant who cannot sign
        ...(input.signature_mark === 'thumb_impression' && { signature_mark: input.signature_mark }),
        ...(input.guardian && { guardian: input.guardian }),
      },
    },
  });
  return ok('signatureSaved', { screen: move.screen, stage: move.stage });
}
