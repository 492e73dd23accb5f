/**
 * digi-ovd-verify (is_ovd=true): officially valid documents uploaded by hand when DigiLocker
 * fails, or the PAN card when the locker held none (section 4). Two-sided documents take one
 * front-only image, two images, or one PDF with both sides (section 5).
 */
import type { digiOvdRequestSchema } from '@ekyc/contracts/calls/digi-ovd-verify';
import { ROUTE, STAGE, type Screen } from '@ekyc/contracts/stages';
import type { z } from 'zod';
import { ekycSummary } from '../../records/ekyc-summary.ts';
import type { DigilockerDeps } from './deps.ts';
import { invalidField } from '../../lib/errors.ts';
import { fail, ok, type Outcome } from '../../lib/outcome.ts';
import { decodeUpload } from '../../documents/decode-upload.ts';

type Deps = Pick<DigilockerDeps, 'records' | 'documents'>;

type Input = z.output<typeof digiOvdRequestSchema>;

export async function submitOvdDocuments(
  deps: Deps,
  applicantId: string,
  input: Input,
): Promise<Outcome<{ screen: Screen }>> {
  const { records } = deps;
  const { section } = await records.requireStageWith(applicantId, 'digi-ovd-verify', ['pan_obj', 'digilocker_obj']);
  const front = await decodeUpload(deps.documents, 'front', input.front, 'identityDocument');
  const back = input.back ? await decodeUpload(deps.documents, 'back', input.back, 'identityDocument') : null;
  if (back && (front.contentType === 'application/pdf' || back.contentType === 'application/pdf'))
    throw invalidField('back', 'ovdPdfBothSides');
  const pan = section('pan_obj');
  if (!pan) return fail('somethingWrong', { screen: ROUTE.pan });
  const locker = section('digilocker_obj');
  const frontRef = await records.saveFile(applicantId, {
    kind: `ovd_${input.document_type.toLowerCase()}`,
    contentType: front.contentType,
    bytes: front.bytes,
  });
  const backRef = back
    ? await records.saveFile(applicantId, {
        kind: `ovd_${input.document_type.toLowerCase()}_back`,
        contentType: back.contentType,
        bytes: back.bytes,
      })
    : undefined;
  const base = {
    name: pan.full_name,
    gender: '',
    dob: pan.dob,
    care_of: '',
    house: '',
    street: '',
    locality: '',
    landmark: '',
    country: 'India',
    uid: '',
    source: 'manual',
    document: frontRef,
    ...(backRef && { back_document: backRef }),
  };

  if (input.document_type === 'PAN') {
    // The PAN card the locker did not hold: added beside the locker's Aadhaar.
    if (!locker?.is_pan_missing) return fail('somethingWrong', { screen: ROUTE.digilocker });
    const panDoc = {
      ...base,
      document_type: 'PAN',
      pan_number: pan.pan_number,
      address1: '',
      address2: '',
      district_city: '',
      state: '',
      pincode: '',
    };
    const digilockerObj = {
      ...locker,
      is_pan_missing: false,
      cdl_documents: [...(locker.cdl_documents ?? []), panDoc],
    };
    const move = await records.completeStage(applicantId, STAGE.DIGILOCKER, {
      sections: { digilocker_obj: digilockerObj, ekyc_obj: ekycSummary('digilocker', digilockerObj, pan, new Date()) },
    });
    return ok('panCardReceived', { screen: move.screen });
  }

  const addressDoc = {
    ...base,
    document_type: input.document_type === 'AADHAAR' ? 'AADHAARCARD' : input.document_type,
    address1: input.address1,
    address2: input.address2,
    district_city: input.district_city,
    state: input.state,
    pincode: input.pincode,
  };
  const digilockerObj = { is_pan_missing: false, cdl_documents: [addressDoc] };
  const move = await records.completeStage(applicantId, STAGE.DIGILOCKER, {
    sections: { digilocker_obj: digilockerObj, ekyc_obj: ekycSummary('manual', digilockerObj, pan, new Date()) },
  });
  return ok('documentsReceived', { screen: move.screen });
}
