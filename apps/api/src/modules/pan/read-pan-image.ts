/**
 * pan-validation (is_ocr=true): reads the PAN number, name and date of birth from a PAN card
 * photo for the applicant to confirm (section 4: OCR sets the 'via image' flag).
 */
import type { PanOcrData } from '@ekyc/contracts/calls/pan-validation';
import type { PanDeps } from './deps.ts';
import { readPanCard } from '../../documents/ocr/pan-ocr.ts';
import { fail, ok, type Outcome } from '../../lib/outcome.ts';
import { decodeUpload } from '../../documents/decode-upload.ts';
import { PAN_IMAGE_SECTION, type PanImageSection } from './pan-sections.ts';
import { ROUTE, type Screen } from '@ekyc/contracts/stages';

type Deps = Pick<PanDeps, 'records' | 'documents'>;

export async function readPanImage(
  deps: Deps,
  applicantId: string,
  dataUrl: string,
): Promise<Outcome<PanOcrData | { screen: Screen }>> {
  await deps.records.requireStage(applicantId, 'pan-validation (image)');
  const upload = await decodeUpload(deps.documents, 'base64', dataUrl, 'cheque');
  if (upload.contentType !== 'image/jpeg') return fail('chequeType', { screen: ROUTE.pan });
  const fields = await readPanCard(upload.bytes);
  if (!fields.panNumber && !fields.dob) return fail('panUnreadable', { screen: ROUTE.pan });
  const file = await deps.records.saveFile(applicantId, {
    kind: 'pan_card',
    contentType: upload.contentType,
    bytes: upload.bytes,
  });
  const section: PanImageSection = { file, pan_number: fields.panNumber ?? '', read_at: new Date().toISOString() };
  await deps.records.save(applicantId, { [PAN_IMAGE_SECTION]: section });
  return ok('panCardRead', {
    pan_number: fields.panNumber ?? '',
    name: fields.name ?? '',
    dob: fields.dob ?? '',
    via_image: true,
  });
}
