import { describe, expect, it } from 'vitest';
import { certificateOf, trustAnchorsOf, verifyChain } from '../src/documents/signing/certificate-chain.ts';
import { generateSandboxPki } from '../src/documents/signing/sandbox-pki.ts';

const pki = generateSandboxPki();
const stranger = generateSandboxPki();
const signer = certificateOf(pki.esp.certPem);
const DAY = 24 * 3600 * 1000;

describe('certificate chain validation, remembered per chain', () => {
  it('accepts a signer issued by the trusted root, the first time and again', async () => {
    const anchors = trustAnchorsOf([pki.caCertPem]);
    await expect(verifyChain(signer, [], anchors, new Date())).resolves.toBeUndefined();
    await expect(verifyChain(signer, [], anchors, new Date())).resolves.toBeUndefined();
  });

  it('still refuses the same signer against another root after it was accepted once', async () => {
    await verifyChain(signer, [], trustAnchorsOf([pki.caCertPem]), new Date());
    await expect(verifyChain(signer, [], trustAnchorsOf([stranger.caCertPem]), new Date())).rejects.toThrow(
      /not from a trusted authority/,
    );
  });

  it('refuses an accepted chain at a time outside its certificates’ validity', async () => {
    const anchors = trustAnchorsOf([pki.caCertPem]);
    await verifyChain(signer, [], anchors, new Date());
    await expect(verifyChain(signer, [], anchors, new Date(Date.now() - 2 * DAY))).rejects.toThrow(/not valid now/);
    await expect(verifyChain(signer, [], anchors, new Date(Date.now() + 6 * 365 * DAY))).rejects.toThrow(
      /not valid now/,
    );
  });
});
