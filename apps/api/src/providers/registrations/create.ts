/**
 * The registration ports, chosen once from configuration: in sandbox mode the production adapters
 * talk to the sandbox's wire-format routes (/sandbox/registrations/...), so going live is base
 * URLs and credentials.
 */
import type { Config } from '../../config.ts';
import { SANDBOX_ORIGIN, type SelfFetch } from '../http.ts';
import { requiredSetting } from '../settings.ts';
import { BseUccRegistrar } from './bse-ucc.ts';
import { CdslBoRegistrar } from './cdsl-bo.ts';
import { codesFor, loadCodeTables } from './code-tables.ts';
import { CkycViaKraRegistrar, CvlKraClient, KraUploadRegistrar } from './kra-upload.ts';
import { McxUccRegistrar, UnverifiedMcxRegistrar } from './mcx-ucc.ts';
import { NseUccRegistrar } from './nse-ucc.ts';
import { NsdlBoRegistrar } from './nsdl-bo.ts';
import type { Registrars } from './port.ts';

/** The sandbox's own identifiers (a DP id at CDSL, one at NSDL, member codes). */
export const SANDBOX_REGISTRATIONS = {
  memberCode: '90001',
  cdslDpId: '12099900',
  nsdlDpId: 'IN309900',
  ddpiId: 'DDPI0000001',
  apiKey: 'sandbox-registrations-key',
  kraUser: 'SANDBOX',
  kraPosCode: '1100000001',
  kraPassword: 'sandbox',
  kraPassKey: 'sandbox-pass-key',
  ipvName: 'SANDBOX VERIFIER',
  ipvDesignation: 'KYC OFFICER',
  ipvOrganisation: 'SANDBOX BROKING',
  dpName: 'SANDBOX DP',
};

export function createRegistrars(config: Config, selfFetch: SelfFetch): Registrars {
  const tables = loadCodeTables(config.registrations.codeTablesFile);
  const codes = (provider: string) => codesFor(tables, provider);
  const sandbox = config.sandbox;
  const need = requiredSetting(config);
  const env = config.providerEnv;
  const base = (setting: string, path: string) =>
    sandbox ? `${SANDBOX_ORIGIN}/sandbox/registrations/${path}` : (env[setting] ?? need(setting)).replace(/\/$/, '');
  const s = SANDBOX_REGISTRATIONS;
  const setting = (name: string, sandboxValue: string) => (sandbox ? sandboxValue : need(name));
  const fetch = sandbox ? selfFetch : undefined;
  const kraClient = new CvlKraClient({
    baseUrl: base('KRA_UPLOAD_URL', 'kra'),
    userName: setting('KRA_USER_NAME', s.kraUser),
    posCode: setting('KRA_POS_CODE', s.kraPosCode),
    password: setting('KRA_PASSWORD', s.kraPassword),
    passKey: setting('KRA_PASS_KEY', s.kraPassKey),
    // the broker's officer who verifies clients in person (the selfie with liveness): APP_IPV_*
    ipv: {
      name: setting('KRA_IPV_NAME', s.ipvName),
      designation: setting('KRA_IPV_DESIGNATION', s.ipvDesignation),
      organisation: setting('KRA_IPV_ORGANISATION', s.ipvOrganisation),
    },
    codes: codes('kra'),
    fetch,
  });
  const depository =
    config.registrations.depository === 'NSDL'
      ? new NsdlBoRegistrar({
          baseUrl: base('NSDL_BO_URL', 'nsdl'),
          dpId: setting('NSDL_DP_ID', s.nsdlDpId),
          apiKey: setting('NSDL_API_KEY', s.apiKey),
          ddpiId: setting('NSDL_DDPI_ID', s.ddpiId),
          fetch,
        })
      : new CdslBoRegistrar({
          baseUrl: base('CDSL_BO_URL', 'cdsl'),
          dpId: setting('CDSL_DP_ID', s.cdslDpId),
          apiKey: setting('CDSL_API_KEY', s.apiKey),
          ddpiId: setting('CDSL_DDPI_ID', s.ddpiId),
          tradingMemberId: setting('CDSL_TM_ID', s.memberCode),
          fetch,
        });
  return {
    ucc: {
      NSE: new NseUccRegistrar({
        baseUrl: base('NSE_UCC_URL', 'nse'),
        memberCode: setting('NSE_MEMBER_CODE', s.memberCode),
        apiKey: setting('NSE_UCC_API_KEY', s.apiKey),
        codes: codes('nse'),
        fetch,
      }),
      BSE: new BseUccRegistrar({
        baseUrl: base('BSE_UCC_URL', 'bse'),
        userId: setting('BSE_UCC_USER_ID', s.kraUser),
        memberCode: setting('BSE_MEMBER_CODE', s.memberCode),
        password: setting('BSE_UCC_PASSWORD', s.kraPassword),
        dpName: setting('REGISTRATIONS_DP_NAME', s.dpName),
        codes: codes('bse'),
        fetch,
      }),
      // no public MCX layout: in production only when the operator accepts it knowingly
      MCX:
        sandbox || config.registrations.mcxUnverified
          ? new McxUccRegistrar({
              baseUrl: base('MCX_UCC_URL', 'mcx'),
              memberCode: setting('MCX_MEMBER_CODE', s.memberCode),
              apiKey: setting('MCX_UCC_API_KEY', s.apiKey),
              codes: codes('mcx'),
              fetch,
            })
          : new UnverifiedMcxRegistrar(),
    },
    depository,
    kra: new KraUploadRegistrar(kraClient),
    ckyc: new CkycViaKraRegistrar(kraClient),
  };
}
