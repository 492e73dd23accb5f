/**
 * Collected fields under the spec's words instead of storage keys: "cdl_documents[0].care_of"
 * reads "Document 1 › Care of (father or husband)", "is_kra" reads "Found at a KRA".
 */
const LABELS: Record<string, string> = {
  full_name: 'Full name (as on PAN)',
  name_on_card: 'Name on the PAN card',
  pan_number: 'PAN',
  pan: 'PAN',
  dob: 'Date of birth',
  date_of_birth: 'Date of birth',
  is_kra: 'Found at a KRA',
  kra_status: 'KRA status',
  kra_status_code: 'KRA status code',
  kra_agency: 'KRA agency',
  kra_address: 'Address at the KRA',
  kra_name: 'Name at the KRA',
  cdl_documents: 'Document',
  document_type: 'Document type',
  care_of: 'Care of (father or husband)',
  house: 'House',
  street: 'Street',
  locality: 'Locality',
  landmark: 'Landmark',
  address1: 'Address line 1',
  address2: 'Address line 2',
  address3: 'Address line 3',
  district_city: 'District or city',
  state: 'State',
  pincode: 'PIN code',
  country: 'Country',
  uid: 'Aadhaar number',
  gender: 'Gender',
  name: 'Name',
  is_pan_missing: 'PAN missing from DigiLocker',
  ifsc: 'IFSC',
  account_number: 'Account number',
  account_type: 'Account type',
  bank_name: 'Bank',
  branch: 'Branch',
  vpa_id: 'UPI id',
  name_match: 'Name match with PAN',
  bank_name_on_account: 'Account holder name at the bank',
  score: 'Score',
  result: 'Result',
  reason: 'Reason',
  verification: 'Verification',
  method: 'Method',
  bank_verify_edit: 'Bank details editable',
  upload_type: 'How it was given',
  father_name: "Father's name",
  mother_name: "Mother's name",
  spouse_name: "Spouse's name",
  marital_status: 'Marital status',
  occupation: 'Occupation',
  annual_income: 'Annual income',
  income: 'Annual income',
  education: 'Education',
  experience: 'Trading experience',
  politically_exposed: 'Politically exposed person',
  nominees: 'Nominee',
  nominee_name: 'Nominee name',
  relationship: 'Relationship',
  share: 'Share (%)',
  percentage: 'Share (%)',
  segments: 'Segments',
  live: 'Selfie found live',
  live_confidence: 'Liveness confidence',
  face_match: 'Face matches the Aadhaar photo',
  face_match_score: 'Face match score',
  face_match_threshold: 'Face match threshold',
  review_reasons: 'Reasons for review',
  action_check: 'Random action check',
  ip_country: 'Country of the IP address',
  module_outcome: 'Liveness module outcome',
  status: 'Status',
  text: 'Message',
  email: 'Email',
  mobile: 'Mobile',
  latitude: 'Latitude',
  longitude: 'Longitude',
  ip: 'IP address',
  updated_at: 'Updated',
  created_at: 'Created',
  signed_document: 'Signed form',
  document: 'Document',
  image: 'Image',
  photo: 'Photo',
};

const humanise = (key: string) => {
  const words = key.replace(/_+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function humanLabel(path: string): string {
  return path
    .split('.')
    .map((part) => {
      const m = /^([^[]+)((?:\[\d+\])*)$/.exec(part);
      const key = m?.[1] ?? part;
      const indexes = [...(m?.[2] ?? '').matchAll(/\[(\d+)\]/g)].map((x) => String(Number(x[1]) + 1));
      return [LABELS[key] ?? humanise(key), ...indexes].join(' ');
    })
    .join(' › ');
}
