/** DigiLocker's authorised-partner API: OAuth 2 authorization code with PKCE, then issued documents. */
export interface DigilockerProfile {
  accessToken: string;
  digilockerId: string;
  name: string;
  /** dd/mm/yyyy */
  dob: string;
  gender: string;
}

export interface IssuedDocument {
  uri: string;
  /** ADHAR, PANCR, DRVLC, ... */
  doctype: string;
  name: string;
  issuer: string;
}

export interface EAadhaar {
  /** Only the last four digits ever leave this adapter. */
  uidLast4: string;
  name: string;
  /** dd/mm/yyyy */
  dob: string;
  gender: string;
  careOf: string;
  house: string;
  street: string;
  landmark: string;
  locality: string;
  vtc: string;
  postOffice: string;
  subDistrict: string;
  district: string;
  state: string;
  pincode: string;
  country: string;
  photoJpeg: Buffer | null;
  /** The e-Aadhaar XML as delivered, its signature verified (evidence); null when it carries a full Aadhaar number. */
  signedXml: string | null;
}

export interface PanDocument {
  panNumber: string;
  name: string;
  /** dd/mm/yyyy */
  dob: string;
}

export interface DigilockerClient {
  /** The consent page the browser is sent to (a GET redirect, as the partner spec defines authorize). */
  authorizeUrl(input: { state: string; codeChallenge: string }): string;
  exchangeCode(input: { code: string; codeVerifier: string }): Promise<DigilockerProfile>;
  issuedDocuments(accessToken: string): Promise<IssuedDocument[]>;
  eAadhaar(accessToken: string): Promise<EAadhaar>;
  panDocument(accessToken: string, uri: string): Promise<PanDocument>;
}
