/**
 * openssl's verdict on a detached CMS (PKCS#7) signature over some content, chained to a CA:
 * the independent check of every CMS the platform makes or reads (eSign, PAN requests, the
 * evidence bundle's seal).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

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
    execFileSync(
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
      { cwd: dir, stdio: 'pipe' },
    );
    return { ok: true, output: 'Verification successful' };
  } catch (err) {
    return { ok: false, output: String((err as { stderr?: Buffer }).stderr ?? err) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
