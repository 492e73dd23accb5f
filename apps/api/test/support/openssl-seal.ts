/**
 * openssl's verdicts on the evidence bundle's seal, independent of the code that made it: an RFC
 * 3161 TimeStampResp over some data (`openssl ts -verify`) and a signature by a public key
 * (`openssl dgst -verify`).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runTool } from './system-tool.ts';

function inDir<T>(files: Record<string, Buffer | string | Uint8Array>, run: (dir: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'seal-'));
  for (const [name, bytes] of Object.entries(files)) writeFileSync(path.join(dir, name), bytes);
  try {
    return run(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `openssl ts -verify -data data -in token.tsr -CAfile tsa-ca.pem`. */
export function opensslVerifyTimestamp(
  data: Buffer | Uint8Array,
  tsr: Buffer | Uint8Array,
  caPem: string,
): { ok: boolean; output: string } {
  return inDir({ data, 'token.tsr': tsr, 'tsa-ca.pem': caPem }, (cwd) => {
    const run = runTool('openssl', ['ts', '-verify', '-data', 'data', '-in', 'token.tsr', '-CAfile', 'tsa-ca.pem'], {
      cwd,
    });
    return { ok: run.status === 0 && /Verification: OK/.test(run.stdout), output: `${run.stdout}${run.stderr}`.trim() };
  });
}

/** `openssl ts -reply -in token.tsr -text`: the token's fields as openssl reads them. */
export function opensslTimestampText(tsr: Buffer | Uint8Array): string {
  return inDir(
    { 'token.tsr': tsr },
    (cwd) => runTool('openssl', ['ts', '-reply', '-in', 'token.tsr', '-text'], { cwd }).stdout,
  );
}

/** `openssl dgst -sha256 -verify key.pub.pem -signature data.sig data`. */
export function opensslVerifySignature(
  data: Buffer | Uint8Array,
  signature: Buffer | Uint8Array,
  publicKeyPem: string,
): { ok: boolean; output: string } {
  return inDir({ data, 'data.sig': signature, 'key.pub.pem': publicKeyPem }, (cwd) => {
    const run = runTool('openssl', ['dgst', '-sha256', '-verify', 'key.pub.pem', '-signature', 'data.sig', 'data'], {
      cwd,
    });
    return { ok: run.status === 0 && /Verified OK/.test(run.stdout), output: `${run.stdout}${run.stderr}`.trim() };
  });
}
