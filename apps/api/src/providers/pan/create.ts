/** The PAN port is chosen once, from configuration. */
import { requiredSetting } from '../settings.ts';
import { type Config, ConfigError } from '../../config.ts';
import { sandboxPki } from '../../documents/signing/sandbox-pki.ts';
import { SANDBOX_ORIGIN, type SelfFetch } from '../http.ts';
import type { PanVerifier } from './port.ts';
import { type Dsc, dscFromPfx, PAN_SIGNATURE_METHODS, type PanSignatureMethod, ProteanPanVerifier } from './protean.ts';

export const SANDBOX_PAN_USER_ID = 'V0000001';

/**
 * The sandbox PAN source trusts this DSC: the sandbox PKI's application certificate, read when the
 * first request is signed (a first start does not generate the PKI, nor load node-forge to do it).
 */
export const sandboxPanDsc = (config: Config): Dsc => ({
  get keyPem() {
    return sandboxPki(config).asp.keyPem;
  },
  get certPem() {
    return sandboxPki(config).asp.certPem;
  },
});

/** PAN_SIGNATURE, in sandbox mode too (the sandbox PAN source verifies the form configured). */
export function panSignatureMethod(config: Config): PanSignatureMethod {
  const value = config.providerEnv.PAN_SIGNATURE ?? 'detached';
  const method = PAN_SIGNATURE_METHODS.find((m) => m === value);
  if (!method) throw new ConfigError(`PAN_SIGNATURE must be one of ${PAN_SIGNATURE_METHODS.join(', ')}`);
  return method;
}

export function createPanVerifier(config: Config, selfFetch: SelfFetch): PanVerifier {
  if (config.sandbox)
    return new ProteanPanVerifier({
      baseUrl: `${SANDBOX_ORIGIN}/sandbox/pan`,
      userId: SANDBOX_PAN_USER_ID,
      dsc: sandboxPanDsc(config),
      signature: panSignatureMethod(config),
      fetch: selfFetch,
    });
  const env = config.providerEnv;
  const need = requiredSetting(config);
  let dsc: Dsc;
  try {
    dsc = dscFromPfx(Buffer.from(need('PAN_DSC_PFX'), 'base64'), env.PAN_DSC_PASSWORD ?? '');
  } catch (err) {
    if (err instanceof ConfigError) throw err;
    throw new ConfigError(
      `PAN_DSC_PFX must be the base64 of the DSC's .pfx, opened by PAN_DSC_PASSWORD (${(err as Error).message})`,
    );
  }
  const signature = panSignatureMethod(config);
  return new ProteanPanVerifier({
    baseUrl: (env.PAN_BASE_URL ?? 'https://opvapi.egov-nsdl.com').replace(/\/$/, ''),
    userId: need('PAN_USER_ID'),
    dsc,
    signature,
  });
}
