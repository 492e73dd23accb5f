/**
 * The sandbox e-sign service (ESP), eSign API 2.1 shape: the ASP's signed <Esign> request arrives
 * by form post in the 400 by 700 popup; the service sends an Aadhaar OTP (to the outbox: the
 * applicant's registered mobile stands in for the Aadhaar-linked one), and on the right OTP signs
 * the InputHash with its certificate from the sandbox authority, posting a signed <EsignResp>
 * with the CMS back to the ASP's response URL.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { certificateOf } from '../../documents/signing/certificate-chain.ts';
import { createDetachedCms } from '../../documents/signing/cms.ts';
import { sandboxPki, sandboxSignerCertificate } from '../../documents/signing/sandbox-pki.ts';
import { aadhaarNameOf } from '../../records/aadhaar-name.ts';
import { randomOtp } from '../../lib/crypto.ts';
import { esignRepository } from '../../modules/esign/esign.repository.ts';
import { signXmlEnveloped, verifyXmlEnveloped } from '../../documents/signing/xml-signature.ts';
import { escapeHtml } from '../../lib/html.ts';
import { sandboxPage } from '../page.ts';
import { SandboxState, type Stored } from '../state.ts';
import { readAspRequest, writeEspResponse } from './esp-documents.ts';
import { MESSAGE_TEXTS } from '../../providers/messaging/texts.ts';

const SESSION_MS = 15 * 60 * 1000;
const MAX_ATTEMPTS = 3;

interface EspSession {
  aspTxn: string;
  inputHashHex: string;
  responseUrl: string;
  otpHashHex: string;
  attempts: number;
  expiresAt: number;
  maskedMobile: string;
  /** The name the sandbox's UIDAI holds: the signer certificate's common name unless the page changes it. */
  aadhaarName: string;
  done: boolean;
}

const AUTOSUBMIT_JS =
  "document.addEventListener('DOMContentLoaded',function(){var f=document.getElementById('esp-response');if(f)f.submit()});";

const hashOtp = (otp: string) => createHash('sha256').update(`esign-otp:${otp}`).digest();
const istTimestamp = () => new Date(Date.now() + 5.5 * 3600 * 1000).toISOString().slice(0, 19);

/**
 * One sandbox ESP under /sandbox/<vendor>/: registered as "esign" and "esign-alt", two complete
 * vendors to fail over between (ESIGN_VENDORS); SANDBOX_FAULTS=esign:500 fails the first one's
 * health address, which the e-sign service checks before each signing.
 */
export async function sandboxEsignRoutes(app: FastifyInstance, options: { vendor?: string }) {
  const { deps } = app;
  const vendor = options.vendor ?? 'esign';
  const base = `/sandbox/${vendor}`;
  // where this ESP takes the ASP's form post (the adapter is pointed here by its configuration)
  const ESP_PATH = `${base}/esp`;
  // generated on first use, not at every start
  const pkiOf = () => sandboxPki(deps.config);
  // in the database: the request, the OTP page and its answer may reach different processes
  const sessions = new SandboxState<EspSession>(deps, vendor, 2 * SESSION_MS);
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded'))
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 256 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

  app.get(`${base}/autosubmit.js`, async (_req, reply) => reply.type('text/javascript').send(AUTOSUBMIT_JS));

  const ended = () => sandboxPage('Aadhaar eSign', '<p class="error">This eSign session has ended.</p>');

  /** Ends the session (once, whichever process answers) and renders the page that posts the answer back to the ASP. */
  const respond = async (
    espTxn: string,
    stored: Stored<EspSession>,
    outcome: { cms: Buffer; signerCertPem: string } | { errCode: string; errMsg: string },
  ): Promise<string | null> => {
    const session = stored.value;
    if (!(await sessions.replace(espTxn, stored, { ...session, done: true }))) return null;
    const pki = pkiOf();
    const xml = writeEspResponse({
      txn: session.aspTxn,
      resCode: espTxn,
      ts: istTimestamp(),
      outcome:
        'cms' in outcome
          ? {
              signed: true,
              certificateBase64: outcome.signerCertPem.replace(/-----[^-]+-----|\s+/g, ''),
              cmsBase64: outcome.cms.toString('base64'),
            }
          : { signed: false, errCode: outcome.errCode, errMsg: outcome.errMsg },
    });
    const signed = signXmlEnveloped(xml, pki.esp.keyPem, pki.esp.certPem);
    return sandboxPage(
      'Aadhaar eSign',
      `<div class="card"><p>${'cms' in outcome ? 'Signed. Returning to the application...' : escapeHtml(outcome.errMsg)}</p>
<form id="esp-response" method="post" action="${escapeHtml(session.responseUrl)}">
<input type="hidden" name="eSignResponse" value="${escapeHtml(signed)}"><input type="hidden" name="espTxnID" value="${escapeHtml(espTxn)}">
<button type="submit">Continue</button></form></div>`,
      { scripts: [`${base}/autosubmit.js`] },
    );
  };

  app.post(ESP_PATH, async (req, reply) => {
    reply.type('text/html');
    // C-DAC and eMudhra name the field eSignRequest, Protean msg
    const body = z
      .object({
        eSignRequest: z.string().max(100_000).optional(),
        msg: z.string().max(100_000).optional(),
        aspTxnID: z.string().max(64),
      })
      .safeParse(req.body);
    let request;
    try {
      const signedRequest = body.success ? (body.data.eSignRequest ?? body.data.msg) : undefined;
      if (!body.success || !signedRequest) throw new Error('missing eSignRequest');
      // the same verifier a real ESP's Java XMLSignature stands for: C14N, algorithms from SignedInfo
      const verified = verifyXmlEnveloped(signedRequest);
      if (verified.signer.fingerprint256 !== certificateOf(pkiOf().asp.certPem).fingerprint256)
        throw new Error('not the sandbox ASP');
      request = readAspRequest(verified.signedXml);
      if (request.txn !== body.data.aspTxnID) throw new Error('bad request');
    } catch {
      return reply
        .status(400)
        .send(
          sandboxPage(
            'Aadhaar eSign',
            '<p class="error">The eSign request is not valid or not signed by a known ASP.</p>',
          ),
        );
    }
    // the sandbox's UIDAI: the applicant's registered mobile stands in for the Aadhaar-linked one
    const txnRow = await esignRepository.find(deps.database.db, request.txn);
    if (!txnRow)
      return reply.status(400).send(sandboxPage('Aadhaar eSign', '<p class="error">Unknown transaction.</p>'));
    // the applicant and their DigiLocker documents in one read
    const read = await deps.records.getSections(txnRow.applicantId, ['digilocker_obj']);
    const applicant = read.applicant();
    const aadhaarName = aadhaarNameOf(read.section('digilocker_obj'));
    const otp = randomOtp();
    const espTxn = `ESP${randomBytes(8).toString('hex').toUpperCase()}`;
    const session: EspSession = {
      aspTxn: request.txn,
      inputHashHex: request.hashHex,
      responseUrl: request.responseUrl,
      otpHashHex: hashOtp(otp).toString('hex'),
      attempts: 0,
      expiresAt: Date.now() + SESSION_MS,
      maskedMobile: `XXXXXX${applicant.mobile.slice(-4)}`,
      aadhaarName: aadhaarName ?? 'SANDBOX SIGNER',
      done: false,
    };
    await sessions.put(espTxn, session);
    await deps.messaging.send({
      channel: 'sms',
      to: applicant.mobile,
      template: 'esign_otp',
      text: MESSAGE_TEXTS[applicant.language].esignOtp(otp),
      otp,
      language: applicant.language,
      applicantId: txnRow.applicantId,
    });
    return otpPage(espTxn, session, '');
  });

  const otpPage = (espTxn: string, session: EspSession, error: string) =>
    sandboxPage(
      'Aadhaar eSign',
      `<div class="card"><p>An OTP has been sent to your Aadhaar-linked mobile number ${escapeHtml(session.maskedMobile)}.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${ESP_PATH}/otp"><input type="hidden" name="espTxn" value="${escapeHtml(espTxn)}">
<label for="signer_name">Name in the Aadhaar eKYC (sandbox: change it to sign under another name)</label><input id="signer_name" name="signer_name" value="${escapeHtml(session.aadhaarName)}" maxlength="64" required>
<label for="otp">Aadhaar OTP</label><input id="otp" name="otp" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required autofocus>
<button type="submit" name="action" value="sign">Verify OTP and sign</button>
<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>Cancel</button></form></div>`,
    );

  app.post(`${ESP_PATH}/otp`, async (req, reply) => {
    reply.type('text/html');
    const body = z
      .object({
        espTxn: z.string().max(64),
        otp: z.string().max(12).optional(),
        signer_name: z.string().trim().min(1).max(64).optional(),
        action: z.enum(['sign', 'cancel']).default('sign'),
      })
      .safeParse(req.body);
    const stored = body.success ? await sessions.get(body.data.espTxn) : null;
    if (!body.success || !stored || stored.value.done) return reply.status(400).send(ended());
    const espTxn = body.data.espTxn;
    const session = stored.value;
    const answer = async (outcome: Parameters<typeof respond>[2]) =>
      (await respond(espTxn, stored, outcome)) ?? reply.status(400).send(ended());
    if (session.expiresAt < Date.now())
      return answer({ errCode: 'session_expired', errMsg: 'The eSign session has expired' });
    if (body.data.action === 'cancel')
      return answer({ errCode: 'signer_declined', errMsg: 'The signer cancelled eSign' });
    const given = hashOtp((body.data.otp ?? '').trim());
    if (!timingSafeEqual(given, Buffer.from(session.otpHashHex, 'hex'))) {
      const attempts = session.attempts + 1;
      if (attempts >= MAX_ATTEMPTS) return answer({ errCode: 'exceeded_otp_retries', errMsg: 'Too many wrong OTPs' });
      // counted once per wrong OTP, whichever process took it (a wrong OTP sent twice at once counts once)
      if (!(await sessions.replace(espTxn, stored, { ...session, attempts })))
        return otpPage(espTxn, session, 'Invalid OTP.');
      return otpPage(espTxn, session, `Invalid OTP. ${MAX_ATTEMPTS - attempts} attempt(s) left.`);
    }
    const pki = pkiOf();
    // the ESP's certificate for this signer, in the name the Aadhaar eKYC gave
    const signerCertPem = sandboxSignerCertificate(pki, body.data.signer_name ?? session.aadhaarName);
    const cms = createDetachedCms({
      digest: Buffer.from(session.inputHashHex, 'hex'),
      keyPem: pki.esp.keyPem,
      certPem: signerCertPem,
      chainPems: [pki.caCertPem],
    });
    return answer({ cms, signerCertPem });
  });

  // the service's status, which the ASP checks before sending an applicant here
  app.get(`${base}/health`, async () => ({ status: 'up' }));

  app.get(`${base}/ca.pem`, async (_req, reply) => reply.type('application/x-pem-file').send(pkiOf().caCertPem));
}
