/**
 * openssl's verdict on a detached CMS (PKCS#7) signature over some content, chained to a CA:
 * the independent check of every CMS the platform makes or reads (eSign, PAN requests, the
 * evidence bundle's seal).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runTool } from './system-tool.ts';

export function opensslVerifyCms(
  cms: Buffer,
  content: Buffer | string,
  caPem: string,
): { ok: boolean; output: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'cms-'));
  writeFileSync(path.join(dir, 'sig.der'), cms);
  writeFileSync(path.join(dir, 'content.bin'), content);
  writeFileSync(path.join(dir, 'ca.pem'), caPem);
  try {
    const run = runTool(
      'openssl',
      [
        'cms',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        'sig.der',
        '-content',
        'content.bin',
        '-CAfile',
        'ca.pem',
      ].concat(['-purpose', 'any', '-out', '/dev/null']),
      { cwd: dir },
    );
    return run.status === 0 ? { ok: true, output: 'Verification successful' } : { ok: false, output: run.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
