/**
 * A location the broker can defend: the country of the applicant's IP address (lib/ip-country.ts)
 * next to the device's location. Outside India, or not where the device says it is, sends the
 * selfie to a reviewer with the reason; an address the database cannot place (loopback and
 * private ones in local and sandbox runs) counts as unknown, accepted or reviewed by configuration.
 * An address in a listed hosting, cloud or VPN range (providers/hosting-ranges) hides where the
 * applicant is, wherever it is placed: it goes to a reviewer too.
 */
import type { Config } from '../../config.ts';
import { ipCountry } from '../../lib/ip-country.ts';
import { ProviderError } from '../../providers/http.ts';
import type { HostingRanges } from '../../providers/hosting-ranges/port.ts';

export type IpReview = 'ip_outside_india' | 'ip_location_mismatch' | 'ip_unknown' | 'ip_hosting';

export interface IpRecord {
  /** The two-letter country of the address, or null when the database cannot place it. */
  country: string | null;
  /** In a listed hosting or VPN range; null when not checked (no list, or none could be read). */
  hosting?: boolean | null;
  reviews: IpReview[];
}

/**
 * Whether the address lies in a listed hosting or VPN range: null when the check is off, no list
 * is configured or none could be read (the selfie is not held up by the list's source being away).
 */
export async function inHostingRange(
  ranges: HostingRanges | null,
  ip: string | undefined,
  rule: Config['ipHosting'],
): Promise<boolean | null> {
  if (rule.check === 'off' || !ranges || !ip) return null;
  try {
    return await ranges.contains(ip);
  } catch (err) {
    if (err instanceof ProviderError) return null;
    throw err;
  }
}

/**
 * `deviceInIndia`: whether the device's location fell inside India, undefined without a usable fix;
 * `hosting`: the address's range check (inHostingRange), null when not made.
 */
export function judgeIp(
  ip: string | undefined,
  deviceInIndia: boolean | undefined,
  rule: Config['ipCountry'],
  hosting: boolean | null = null,
): IpRecord | null {
  if (rule.check === 'off') return null;
  const country = ipCountry(ip);
  const reviews: IpReview[] = [];
  const checked = hosting === null ? {} : { hosting };
  if (hosting) reviews.push('ip_hosting');
  if (country === null) {
    if (rule.unknown === 'review') reviews.push('ip_unknown');
    return { country, ...checked, reviews };
  }
  if (country !== 'IN') reviews.push('ip_outside_india');
  if (deviceInIndia !== undefined && deviceInIndia !== (country === 'IN')) reviews.push('ip_location_mismatch');
  return { country, ...checked, reviews };
}
