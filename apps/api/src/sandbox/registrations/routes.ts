/**
 * The sandbox exchanges (NSE, BSE, MCX UCC), depositories (CDSL harmonised BO file, NSDL account
 * opening) and KRA upload (CVL PANInquiry.asmx), each in the format its production adapter sends,
 * checking what the real service checks first (header, mandatory fields, code values, footer
 * counts). Known outcomes (CONTRACT.md, sandbox providers): PAN digits 7777 → the exchange rejects
 * the UCC once; 6666 → the KRA puts the upload on hold once (03, with a reason); every other PAN is
 * accepted, the KRA validating after REGISTRATIONS_SANDBOX_DELAY_MS and passing the record to CKYCRR
 * (a KIN). What was received is kept in the database, so a repeated request id gets the first
 * answer back and "once" holds across processes and restarts.
 */
import type { FastifyPluginAsync } from 'fastify';
import { SANDBOX_REGISTRATIONS as S } from '../../providers/registrations/create.ts';
import { bseSandboxRoutes } from './bse-ucc.ts';
import { type SandboxRegistrationContext } from './common.ts';
import { sandboxDepositoryRoutes } from './depository-routes.ts';
import { kraSandboxRoutes } from './kra-cvl.ts';
import { mcxSandboxRoutes } from './mcx-ucc.ts';
import { nseSandboxRoutes } from './nse-ucc.ts';

export { UCC_PAN_MISMATCH } from './common.ts';

export const sandboxRegistrationRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const db = deps.database.db;
  const panHash = (pan: string) => deps.hasher.hash('sandbox-registration-pan', pan);

  for (const type of ['text/plain', 'text/csv'])
    app.addContentTypeParser(type, { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  // NSE, BSE, MCX and the KRA: each parses with its own reading of the public source
  const ctx: SandboxRegistrationContext = {
    db,
    panHash,
    credentials: {
      memberCode: S.memberCode,
      apiKey: S.apiKey,
      userName: S.kraUser,
      password: S.kraPassword,
      posCode: S.kraPosCode,
      passKey: S.kraPassKey,
    },
    kraDelayMs: deps.config.registrations.sandboxDelayMs,
  };
  for (const routes of [nseSandboxRoutes, bseSandboxRoutes, mcxSandboxRoutes, kraSandboxRoutes]) routes(app, ctx);

  // ---- CDSL and NSDL: their own parsers and routes
  await app.register(sandboxDepositoryRoutes);
};
