/**
 * A location the broker can defend: the country of the applicant's IP address (lib/ip-country.ts)
 * next to the device's location. Outside India, or not where the device says it is, sends the
 * selfie to a reviewer with the reason; an address the database cannot place (loopback and
 * private ones in local and sandbox runs) counts as unknown, accepted or reviewed by configuration.
 */
import type { Config } from '../../config.ts';
import { ipCountry } from '../../lib/ip-country.ts';

export type IpReview = 'ip_outside_india' | 'ip_location_mismatch' | 'ip_unknown';

export interface IpRecord {
  /** The two-letter country of the address, or null when the database cannot place it. */
  country: string | null;
  reviews: IpReview[];
}

/** `deviceInIndia`: whether the device's location fell inside India; undefined without a usable fix. */
export function judgeIp(
  ip: string | undefined,
  deviceInIndia: boolean | undefined,
  rule: Config['ipCountry'],
): IpRecord | null {
  if (rule.check === 'off') return null;
  const country = ipCountry(ip);
  const reviews: IpReview[] = [];
  if (country === null) {
    if (rule.unknown === 'review') reviews.push('ip_unknown');
    return { country, reviews };
  }
  if (country !== 'IN') reviews.push('ip_outside_india');
  if (deviceInIndia !== undefined && deviceInIndia !== (country === 'IN')) reviews.push('ip_location_mismatch');
  return { country, reviews };
}
