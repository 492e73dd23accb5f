/**
 * The country of an IP address, from an offline database shipped in an npm package (geoip-country:
 * MaxMind's GeoLite2 country data, republished with each package release, so `npm update
 * geoip-country` updates it). Nothing is fetched at run time. The database has no VPN or hosting
 * ranges (those are a list of their own: providers/hosting-ranges). Loaded on first use (some 8 MB, in about 20 ms).
 */
import { createRequire } from 'node:module';

interface GeoipCountry {
  lookup(ip: string): { country: string } | null;
}

let db: GeoipCountry | null = null;

/** The two-letter ISO country code, or null for an address the database cannot place (loopback, private, unlisted). */
export function ipCountry(ip: string | undefined): string | null {
  if (!ip) return null;
  db ??= createRequire(import.meta.url)('geoip-country') as GeoipCountry;
  try {
    return db.lookup(ip.replace(/^\[|\]$/g, ''))?.country ?? null;
  } catch {
    return null;
  }
}
