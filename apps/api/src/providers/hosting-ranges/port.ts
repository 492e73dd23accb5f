/**
 * Address ranges of hosting and cloud providers, VPNs and proxies: an applicant's KYC done from
 * one hides where they are (SEBI's KYC master circular, app-based KYC: spoofed IP addresses; the
 * 14 Aug 2026 consultation). An address in a listed range sends the selfie to a reviewer.
 */
export interface HostingRanges {
  /** Whether the address lies in a listed range (a ProviderError when no list could ever be read). */
  contains(ip: string): Promise<boolean>;
}
