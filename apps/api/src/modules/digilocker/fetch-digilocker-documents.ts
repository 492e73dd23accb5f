/**
 * get-digi-data with code and state: the return from the DigiLocker consent page. The state must
 * be a live request of this applicant; the code is exchanged with the PKCE verifier, then the
 * e-Aadhaar and the PAN record are fetched and stored. Only the last four Aadhaar digits are kept.
 */
import type { GetDigiDataData, GetDigiDataQuery } from '@ekyc/contracts/calls/digilocker-data';
import { loadSharp } from '../../lib/sharp.ts';
import type { DigilockerDeps } from './deps.ts';
import { fail, ok, type Outcome } from '../../lib/outcome.ts';
import type { EAadhaar, PanDocument } from '../../providers/digilocker/port.ts';
import { isProviderOutage } from '../../providers/http.ts';
import { digilockerRepository } from '../../records/digilocker-authorizations.repository.ts';
import { stateHash } from '../../records/digilocker-authorizations.ts';
import { PAN_MISSING_SCREEN, ROUTE } from '@ekyc/contracts/stages';

type Deps = Pick<DigilockerDeps, 'database' | 'cipher' | 'hasher' | 'records' | 'digilocker'>;

const FAILED = { screen: ROUTE.digilocker, failed: true };
const joined = (...parts: string[]) => parts.filter(Boolean).join(', ');

function aadhaarDocument(a: EAadhaar) {
  return {
    document_type: 'AADHAARCARD',
    name: a.name,
    gender: a.gender,
    dob: a.dob,
    care_of: a.careOf,
    house: a.house,
    street: a.street,
    locality: a.locality,
    landmark: a.landmark,
    address1: joined(a.house, a.street, a.landmark),
    address2: joined(a.locality, a.vtc !== a.district ? a.vtc : '', a.postOffice !== a.locality ? a.postOffice : ''),
    district_city: a.district,
    state: a.state,
    pincode: a.pincode,
    country: a.country,
    uid: a.uidLast4 ? `xxxxxxxx${a.uidLast4}` : '',
  };
}

function panDocument(p: PanDocument, gender: string) {
  return {
    document_type: 'PAN',
    name: p.name,
    gender,
    dob: p.dob,
    pan_number: p.panNumber,
    care_of: '',
    house: '',
    street: '',
    locality: '',
    landmark: '',
    address1: '',
    address2: '',
    district_city: '',
    state: '',
    pincode: '',
    country: 'India',
    uid: '',
  };
}

export async function fetchDigilockerDocuments(
  deps: Deps,
  applicantId: string,
  query: GetDigiDataQuery,
): Promise<Outcome<GetDigiDataData>> {
  const { records } = deps;
  const { section } = await records.requireStageWith(applicantId, 'get-digi-data', ['pan_obj']);
  if (!query.state) return fail('digilockerFailed', FAILED);
  const hash = stateHash(deps, query.state);
  const now = new Date();
  // One use per request: a replayed or denied return cannot be used again.
  const request = await digilockerRepository.claim(deps.database.db, hash, applicantId, now);
  if (!request) return fail('digilockerFailed', FAILED);
  if (query.error || !query.code) return fail('digilockerFailed', FAILED);

  let aadhaar: EAadhaar;
  let pan: PanDocument | null;
  let gender = '';
  try {
    const profile = await deps.digilocker.exchangeCode({
      code: query.code,
      codeVerifier: deps.cipher.decrypt(request.verifierEnc),
    });
    gender = profile.gender;
    const issued = await deps.digilocker.issuedDocuments(profile.accessToken);
    if (!issued.some((d) => d.doctype === 'ADHAR')) return fail('digilockerFailed', FAILED);
    const panFile = issued.find((d) => d.doctype === 'PANCR');
    // the two documents at once: one round trip to DigiLocker less for the applicant to wait on
    [aadhaar, pan] = await Promise.all([
      deps.digilocker.eAadhaar(profile.accessToken),
      panFile ? deps.digilocker.panDocument(profile.accessToken, panFile.uri) : null,
    ]);
  } catch (err) {
    return fail(isProviderOutage(err) ? 'digilockerProviderUnavailable' : 'digilockerFailed', FAILED);
  }

  const photoJpeg = aadhaar.photoJpeg
    ? await (
        await loadSharp()
      )(aadhaar.photoJpeg)
        .jpeg({ quality: 90 })
        .toBuffer()
        .catch(() => null)
    : null;
  // the photo, and the signed e-Aadhaar as DigiLocker delivered it (evidence of what the details
  // came from): stored at once, their rows added with the section below
  const files = await records.storeFiles([
    ...(photoJpeg ? [{ kind: 'aadhaar_photo', contentType: 'image/jpeg', bytes: photoJpeg }] : []),
    ...(aadhaar.signedXml
      ? [{ kind: 'eaadhaar_xml', contentType: 'application/xml', bytes: Buffer.from(aadhaar.signedXml, 'utf8') }]
      : []),
  ]);
  const photo = photoJpeg ? files[0]!.ref : undefined;
  const evidence = aadhaar.signedXml ? files.at(-1)!.ref : undefined;
  const ownPan = section('pan_obj');
  // A PAN record for another PAN is not this applicant's PAN card.
  const panDoc = pan && pan.panNumber === ownPan?.pan_number ? panDocument(pan, gender || aadhaar.gender) : null;
  const isPanMissing = panDoc === null;
  await records.save(
    applicantId,
    {
      digilocker_obj: {
        is_pan_missing: isPanMissing,
        cdl_documents: panDoc ? [aadhaarDocument(aadhaar), panDoc] : [aadhaarDocument(aadhaar)],
        ...(photo && { aadhaar_photo: photo }),
        ...(evidence && { eaadhaar_xml: evidence }),
      },
    },
    { action: 'get-digi-data', files },
  );
  return ok('digilockerDocumentsReceived', {
    screen: isPanMissing ? PAN_MISSING_SCREEN : ROUTE.digilocker,
    is_pan_missing: isPanMissing,
  });
}
