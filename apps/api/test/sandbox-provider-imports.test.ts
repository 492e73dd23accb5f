/**
 * A sandbox imitates a provider with its own reading of the provider's public format; it takes from
 * the production adapters (`providers/`) only what both sides of a real integration share: the
 * credentials, secrets and keys (`SANDBOX_*`, `sandbox…Key`, `sandbox…Secret`), the sandbox origin,
 * and the signature form the broker registers with Protean. Anything else (a codec, a path, a
 * constant of the format) would make "the sandbox accepts it" true by construction.
 * A few imports that are not formats are named below with their reason.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SANDBOX_DIR = path.join(import.meta.dirname, '../src/sandbox');

/** Shared between the adapter and the sandbox as between a broker and its provider. */
const SHARED = [/^SANDBOX_[A-Z0-9_]+$/, /^sandbox[A-Za-z]*(Key|Secret)$/, /^panSignatureMethod$/];

/** Not a provider's format: each with the reason it may stay. */
const NAMED_EXCEPTIONS: Record<string, string> = {
  // the sandbox bank looks banks up in the same public IFSC directory a real bank would hold
  LocalIfscDirectory: 'the IFSC directory (reference data, not a wire format)',
  bankNameOf: 'the IFSC directory (reference data, not a wire format)',
  isKnownIfsc: 'the IFSC directory (reference data, not a wire format)',
  outboxRepository: "the sandbox's outbox viewer reads what the application sent",
  MESSAGE_TEXTS: "the sandbox ESP's OTP goes out through the application's own SMS template",
};

interface Offence {
  file: string;
  name: string;
  from: string;
}

/** The value imports a file takes from `providers/` that are neither shared nor a named exception. */
export function offences(file: string, source: string): Offence[] {
  const found: Offence[] = [];
  const imports = source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']*\/providers\/[^']*)'/g);
  for (const [, typeOnly, names, from] of imports) {
    if (typeOnly) continue;
    for (const raw of names!.split(',')) {
      const spec = raw.trim();
      if (!spec || spec.startsWith('type ')) continue;
      const name = spec.split(/\s+as\s+/)[0]!.trim();
      if (SHARED.some((re) => re.test(name)) || name in NAMED_EXCEPTIONS) continue;
      found.push({ file, name, from: from! });
    }
  }
  // a default or namespace import from providers/ is a whole module: never shared
  for (const [, from] of source.matchAll(/import\s+(?:\*\s+as\s+\w+|\w+)\s+from\s+'([^']*\/providers\/[^']*)'/g))
    found.push({ file, name: '*', from: from! });
  return found;
}

const sandboxFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sandboxFiles(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );

describe('sandboxes import from the adapters only what a real integration shares', () => {
  it('no sandbox file imports a codec, path or format constant from providers/', () => {
    const all = sandboxFiles(SANDBOX_DIR).flatMap((f) =>
      offences(path.relative(SANDBOX_DIR, f), readFileSync(f, 'utf8')),
    );
    expect(all).toEqual([]);
  });

  it('the check catches a codec, a renamed import and a namespace import', () => {
    const source = [
      "import { SANDBOX_AA_ID, sandboxRedirectionSecret } from '../../providers/account-aggregator/create.ts';",
      "import { decodeFi as readFi } from '../../providers/account-aggregator/web-redirection.ts';",
      "import {\n  SANDBOX_KRA,\n  KRA_KYCDATA_FIELDS,\n} from '../../providers/registrations/kra-upload.ts';",
      "import * as protean from '../../providers/pan/protean.ts';",
      "import type { KraRecord } from '../../providers/kra/port.ts';",
    ].join('\n');
    expect(offences('x.ts', source).map((o) => o.name)).toEqual(['decodeFi', 'KRA_KYCDATA_FIELDS', '*']);
  });
});
