/**
 * Validation and bank names from the `ifsc` package's bundled data (Razorpay's IFSC toolset):
 * IFSC.json lists every known branch code per bank, banknames.json names the banks, and the sublet
 * lists name the bank behind codes that another bank issues on its behalf.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface Data {
  branches: Record<string, (string | number)[]>;
  names: Record<string, string>;
  sublets: Record<string, string>;
  customSublets: [string, string][];
}

let data: Data | null = null;

/** Loaded on first use (about 1 MB), not at start-up. */
function load(): Data {
  if (!data) {
    const customSublets = require('ifsc/src/custom-sublets.json') as Record<string, string>;
    data = {
      branches: require('ifsc/src/IFSC.json') as Record<string, (string | number)[]>,
      names: require('ifsc/src/banknames.json') as Record<string, string>,
      sublets: require('ifsc/src/sublet.json') as Record<string, string>,
      // Longest prefix first, so the most specific rule wins.
      customSublets: Object.entries(customSublets).sort((a, b) => b[0].length - a[0].length),
    };
  }
  return data;
}

/** The same rule as the package's validate(): 11 characters, a zero fifth, a listed branch code. */
export function isKnownIfsc(code: string): boolean {
  if (!/^[A-Z]{4}0[A-Z0-9]{6}$/.test(code)) return false;
  const list = load().branches[code.slice(0, 4)];
  if (!list) return false;
  const branch = code.slice(5);
  return /^\d+$/.test(branch) ? list.includes(Number.parseInt(branch, 10)) : list.includes(branch);
}

/** The code of the bank that owns the account: a sublet's real bank, else the first four letters. */
export function bankCodeOf(code: string): string {
  const d = load();
  const sublet = d.sublets[code] ?? d.customSublets.find(([prefix]) => code.startsWith(prefix))?.[1];
  return sublet ?? code.slice(0, 4);
}

export function bankNameOf(code: string): string | null {
  const d = load();
  return d.names[bankCodeOf(code)] ?? d.names[code.slice(0, 4)] ?? null;
}
