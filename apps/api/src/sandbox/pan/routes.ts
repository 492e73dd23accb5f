/**
 * The sandbox income-tax PAN source, in Protean's OPV v4 wire format. It refuses as Protean does
 * a wrong User_ID (3), a missing or unverifiable signature (19) and a Request_time more than
 * 30 minutes off (33). The signature is checked in the form PAN_SIGNATURE configures: a PKCS#7 with
 * the project's CMS verifier against the sandbox PKI that issued the sandbox DSC, or a plain
 * SHA256withRSA with node:crypto against the DSC certificate registered for the User_ID. Known outcomes (contract): digits 0000 not found; every other well-formed
 * PAN valid, with the name and date of birth as entered (digits 9999 and 8888 matter to the KRA
 * and DigiLocker sandboxes).
 */
import { createHash, verify } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type TrustAnchors, trustAnchorsOf } from '../../documents/signing/certificate-chain.ts';
import { verifyDetachedCms } from '../../documents/signing/cms.ts';
import { sandboxPki } from '../../documents/signing/sandbox-pki.ts';
import { panSignatureMethod, SANDBOX_PAN_USER_ID } from '../../providers/pan/create.ts';
import { instantOfRequestTime, OPV_PATH, type OpvRequest, opvRequestProblem, opvRequestSchema } from './opv-request.ts';

const refused = (code: string) => ({ response_Code: code, outputData: [] });

export const sandboxPanRoutes: FastifyPluginAsyncZod = async (app) => {
  let trusted: TrustAnchors | undefined;
  const anchors = () => (trusted ??= trustAnchorsOf([sandboxPki(app.deps.config).caCertPem]));
  const method = panSignatureMethod(app.deps.config);
  /** Protean knows each User_ID's DSC from its registration; here the sandbox PKI's application certificate. */
  const registeredCert = () => sandboxPki(app.deps.config).asp.certPem;
  const signatureHolds = async (data: string, signature: Buffer) => {
    if (method === 'sha256withrsa') return verify('sha256', Buffer.from(data, 'utf8'), registeredCert(), signature);
    const digest = createHash('sha256').update(data, 'utf8').digest();
    await verifyDetachedCms(signature, digest, anchors());
    return true;
  };
  app.post(`/sandbox/pan${OPV_PATH}`, { schema: { body: opvRequestSchema } }, async (req, reply) => {
    const b = req.body;
    if (opvRequestProblem(b)) return reply.status(400).send(refused('2'));
    if (b.User_ID !== SANDBOX_PAN_USER_ID) return refused('3');
    // Request_time is Indian time without a zone; Protean allows 30 minutes either way
    if (Math.abs(Date.now() - instantOfRequestTime(b.Request_time)) > 30 * 60_000) return refused('33');
    const signature = Buffer.from(b.signature ?? '', 'base64');
    const holds = await signatureHolds(JSON.stringify(b.inputData), signature).catch(() => false);
    if (!holds) return refused('19');
    return sandboxAnswer(b.inputData);
  });
};

function sandboxAnswer(inputData: OpvRequest['inputData']) {
  return {
    response_Code: '1',
    outputData: inputData.map((row) => {
      const wellFormed = /^[A-Z]{5}\d{4}[A-Z]$/.test(row.pan);
      if (!wellFormed || row.pan.slice(5, 9) === '0000')
        return { pan: row.pan, pan_status: 'N', name: 'N', fathername: 'N', dob: 'N', seeding_status: '' };
      const individual = row.pan[3] === 'P';
      return {
        pan: row.pan,
        pan_status: 'E',
        name: row.name.trim() ? 'Y' : 'N',
        fathername: 'N',
        dob: /^\d{2}\/\d{2}\/\d{4}$/.test(row.dob) ? 'Y' : 'N',
        // digits 2222: an individual PAN not linked to Aadhaar (inoperative)
        seeding_status: individual ? (row.pan.slice(5, 9) === '2222' ? 'R' : 'Y') : 'NA',
      };
    }),
  };
}
