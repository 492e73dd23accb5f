/** Looks up a PAN at the KYC registration agencies (KRA). */
export interface KraAddress {
  line1: string;
  line2: string;
  line3: string;
  city: string;
  pincode: string;
  state: string;
  country: string;
}

export interface KraRecord {
  /** The agency that holds the record, as the KRA names it (APP_KRA_INFO). */
  agency: string;
  /** The three-digit status code (002, 007, 888, 999 ...) and its meaning. */
  statusCode: string;
  status: string;
  /** Registered or validated: the KYC can be reused. */
  registered: boolean;
  name: string;
  address: KraAddress | null;
  kycMode: string;
}

export interface KraLookup {
  /** null when no KRA holds the PAN. `dob` is dd/mm/yyyy, sent with the enquiry as the KRA asks. */
  find(pan: string, dob: string): Promise<KraRecord | null>;
}
