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
  /** The agency that holds the record (from the first digit of APP_STATUS). */
  agency: string;
  /** The two-digit status code and its meaning. */
  statusCode: string;
  status: string;
  /** Registered or validated: the KYC can be reused. */
  registered: boolean;
  name: string;
  address: KraAddress | null;
  kycMode: string;
}

export interface KraLookup {
  /** null when no KRA holds the PAN. */
  find(pan: string): Promise<KraRecord | null>;
}
