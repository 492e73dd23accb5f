/**
 * The sandbox DigiLocker: the consent page people click (Allow / Deny) and the partner API in the
 * real wire format (token, issued files, e-Aadhaar XML, PAN XML). The holder signed in to this
 * locker is the applicant who started the request (found by the request's state, as a real
 * locker knows its signed-in user); their documents come from sandboxHolder().
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sandboxPki } from '../../documents/signing/sandbox-pki.ts';
import { signXmlEnveloped, XML_ALGORITHMS } from '../../documents/signing/xml-signature.ts';
import { digilockerRepository } from '../../records/digilocker-authorizations.repository.ts';
import { SANDBOX_DIGILOCKER_CLIENT } from '../../providers/digilocker/create.ts';
import { escapeHtml } from '../../lib/html.ts';
import { sandboxPage } from '../page.ts';
import { SandboxState } from '../state.ts';
import { type HolderPan, sampleFace, sandboxHolder, sandboxPhoto, type SandboxHolder } from './identity.ts';

const CODE_TTL_MS = 10 * 60 * 1000;
const TOKEN_TTL_MS = 60 * 60 * 1000;

const authorizeSchema = z.object({
  response_type: z.string().max(20),
  client_id: z.string().max(64),
  redirect_uri: z.string().max(512),
  state: z.string().min(16).max(256),
  code_challenge: z.string().min(43).max(128),
  code_challenge_method: z.string().max(10),
  req_doctype: z.string().max(64).optional(),
  purpose: z.string().max(32).optional(),
  dl_flow: z.string().max(32).optional(),
});
type AuthorizeRequest = z.infer<typeof authorizeSchema>;

const consentSchema = authorizeSchema.extend({ decision: z.enum(['allow', 'deny']) });

const tokenSchema = z.object({
  grant_type: z.string().max(40),
  code: z.string().max(128),
  client_id: z.string().max(64).optional(),
  client_secret: z.string().max(128).optional(),
  redirect_uri: z.string().max(512),
  code_verifier: z.string().min(43).max(128),
});

const oauthError = (error: string, description: string) => ({ error, error_description: description });
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const panUri = (h: SandboxHolder) => `in.gov.pan-PANCR-${h.pan}`;
const aadhaarUri = (h: SandboxHolder) => `in.gov.uidai-ADHAR-xxxxxxxx${h.uidLast4}`;
const attr = (v: string) => escapeHtml(v);

export const sandboxDigilockerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // in the database: the consent page, the token exchange and the documents may reach three processes
  const codes = new SandboxState<{ applicantId: string; challenge: string; redirectUri: string }>(
    deps,
    'digilocker-code',
    CODE_TTL_MS,
  );
  // the grant keeps the locker's holder as at the token exchange: the documents need no further read
  const tokens = new SandboxState<{ applicantId: string; pan: HolderPan }>(deps, 'digilocker-token', TOKEN_TTL_MS);
  const redirectUri = deps.config.providerEnv.DIGILOCKER_REDIRECT_URI ?? `${deps.config.publicUrl}/ekyc1/returnurl`;

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  /** The applicant behind a pending request, when the request is genuine and live. */
  async function requestOwner(q: AuthorizeRequest): Promise<string | null> {
    if (q.response_type !== 'code' || q.client_id !== SANDBOX_DIGILOCKER_CLIENT.id) return null;
    if (q.code_challenge_method !== 'S256' || q.redirect_uri !== redirectUri) return null;
    const row = await digilockerRepository.findLive(
      deps.database.db,
      deps.hasher.hash('digilocker-state', q.state),
      new Date(),
    );
    return row?.applicantId ?? null;
  }

  const holderPan = (applicantId: string) => deps.records.getSection(applicantId, 'pan_obj');

  async function holderOf(applicantId: string): Promise<SandboxHolder | null> {
    const pan = await holderPan(applicantId);
    return pan ? sandboxHolder(pan) : null;
  }

  const consentPage = async (q: AuthorizeRequest) => {
    const applicantId = await requestOwner(q);
    const holder = applicantId ? await holderOf(applicantId) : null;
    if (!holder)
      return sandboxPage(
        'DigiLocker',
        `<div class="card"><p class="error">This request is not valid or has expired.</p><p>Go back to the application and start DigiLocker again.</p></div>`,
      );
    const hidden = Object.entries(q)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `<input type="hidden" name="${attr(k)}" value="${attr(String(v))}">`)
      .join('');
    return sandboxPage(
      'DigiLocker: share your documents',
      `<div class="card"><p>Signed in as <strong>${escapeHtml(holder.name)}</strong> (Aadhaar xxxx xxxx ${holder.uidLast4})</p>
<p><strong>Online eKYC</strong> is requesting access to:</p>
<ul><li>Aadhaar Card, issued by UIDAI</li><li>PAN Verification Record, issued by the Income Tax Department</li></ul>
<p>Purpose: KYC. The partner will receive your name, date of birth, gender, address and photo.</p>
<form method="post" action="/sandbox/digilocker/oauth2/1/consent">${hidden}
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny" class="secondary">Deny</button></form></div>`,
    );
  };

  app.get('/sandbox/digilocker/oauth2/1/authorize', { schema: { querystring: authorizeSchema } }, async (req, reply) =>
    reply.type('text/html').send(await consentPage(req.query)),
  );
  // The broker's page reaches the consent page by a hidden form post (section 2).
  app.post('/sandbox/digilocker/oauth2/1/authorize', { schema: { body: authorizeSchema } }, async (req, reply) =>
    reply.type('text/html').send(await consentPage(req.body)),
  );

  app.post('/sandbox/digilocker/oauth2/1/consent', { schema: { body: consentSchema } }, async (req, reply) => {
    const q = req.body;
    const applicantId = await requestOwner(q);
    if (!applicantId)
      return reply
        .status(400)
        .type('text/html')
        .send(await consentPage(q));
    const back = new URL(q.redirect_uri);
    back.searchParams.set('state', q.state);
    if (q.decision === 'deny') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The user denied access');
    } else {
      const code = randomBytes(20).toString('hex');
      await codes.put(code, { applicantId, challenge: q.code_challenge, redirectUri: q.redirect_uri });
      back.searchParams.set('code', code);
    }
    return reply.redirect(back.toString(), 302);
  });

  app.post('/sandbox/digilocker/oauth2/1/token', async (req, reply) => {
    const parsed = tokenSchema.safeParse(req.body);
    if (!parsed.success) return reply.status(400).send(oauthError('invalid_parameter', 'Missing parameters'));
    const t = parsed.data;
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    const [basicId, basicSecret] = basic ? Buffer.from(basic[1]!, 'base64').toString().split(':') : [];
    const clientId = t.client_id ?? basicId;
    const secret = t.client_secret ?? basicSecret;
    if (clientId !== SANDBOX_DIGILOCKER_CLIENT.id || secret !== SANDBOX_DIGILOCKER_CLIENT.secret)
      return reply.status(401).send(oauthError('invalid_client', 'Unknown client'));
    const grant = await codes.take(t.code);
    if (t.grant_type !== 'authorization_code' || !grant || grant.redirectUri !== t.redirect_uri)
      return reply.status(400).send(oauthError('invalid_grant', 'The code is invalid or expired'));
    if (s256(t.code_verifier) !== grant.challenge)
      return reply.status(400).send(oauthError('invalid_grant', 'code_verifier does not match code_challenge'));
    const pan = await holderPan(grant.applicantId);
    if (!pan) return reply.status(404).send(oauthError('aadhaar_not_linked', 'Aadhaar is not linked'));
    const holder = sandboxHolder(pan);
    const accessToken = randomBytes(24).toString('hex');
    await tokens.put(accessToken, {
      applicantId: grant.applicantId,
      pan: { pan_number: pan.pan_number, full_name: pan.full_name, dob: pan.dob },
    });
    return {
      access_token: accessToken,
      expires_in: 3600,
      token_type: 'Bearer',
      scope: 'files.issueddocs userdetails',
      refresh_token: randomBytes(24).toString('hex'),
      digilockerid: createHash('sha256').update(holder.pan).digest('hex').slice(0, 36),
      name: holder.name,
      dob: holder.dob.replace(/-/g, ''),
      gender: holder.gender,
      eaadhaar: 'Y',
      reference_key: randomBytes(8).toString('hex'),
    };
  });

  /** The bearer's holder, or a 401 in DigiLocker's error shape. */
  async function bearerHolder(authorization: string | undefined): Promise<SandboxHolder | null> {
    const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    const grant = token ? await tokens.get(token) : null;
    return grant?.value.pan ? sandboxHolder(grant.value.pan) : null;
  }

  app.get('/sandbox/digilocker/oauth2/2/files/issued', async (req, reply) => {
    const h = await bearerHolder(req.headers.authorization);
    if (!h) return reply.status(401).send(oauthError('invalid_token', 'The access token is invalid'));
    const today = new Date().toISOString().slice(0, 10).split('-').reverse().join('-');
    const items = [
      {
        name: 'Aadhaar Card',
        type: 'file',
        size: '',
        date: today,
        parent: '',
        mime: ['application/xml', 'application/pdf'],
        uri: aadhaarUri(h),
        doctype: 'ADHAR',
        description: 'Aadhaar Card',
        issuerid: 'in.gov.uidai',
        issuer: 'Unique Identification Authority of India (UIDAI)',
      },
    ];
    if (h.panIssued)
      items.push({
        name: 'PAN Verification Record',
        type: 'file',
        size: '',
        date: today,
        parent: '',
        mime: ['application/xml', 'application/pdf'],
        uri: panUri(h),
        doctype: 'PANCR',
        description: 'PAN Verification Record',
        issuerid: 'in.gov.pan',
        issuer: 'Income Tax Department',
      });
    return { items, resource: '/oauth2/2/files/issued' };
  });

  const eAadhaar = async (req: { headers: { authorization?: string } }, reply: import('fastify').FastifyReply) => {
    const h = await bearerHolder(req.headers.authorization);
    if (!h) return reply.status(401).send(oauthError('invalid_token', 'The access token is invalid'));
    const photo = (await sandboxPhoto(h)).toString('base64');
    const ts = new Date().toISOString();
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<Certificate language="99" name="Aadhaar Card" type="ADHAR" number="xxxxxxxx${h.uidLast4}" status="A"><IssuedBy><Organization name="UIDAI" code="UIDAI" tin="" uid="" type="CG"/></IssuedBy>
<CertificateData><KycRes ret="Y" ts="${ts}" txn="UKC:sandbox:${h.uidLast4}"><UidData uid="xxxxxxxx${h.uidLast4}">
<Poi dob="${attr(h.dob)}" gender="${h.gender}" name="${attr(h.name)}"/>
<Poa co="${attr(h.careOf)}" country="India" dist="${attr(h.district)}" house="${attr(h.house)}" lm="${attr(h.landmark)}" loc="${attr(h.locality)}" pc="${h.pincode}" po="${attr(h.postOffice)}" state="${attr(h.state)}" street="${attr(h.street)}" subdist="${attr(h.subDistrict)}" vtc="${attr(h.vtc)}"/>
<Pht>${photo}</Pht></UidData></KycRes></CertificateData></Certificate>`;
    // signed as DigiLocker signs it (exclusive C14N, RSA-SHA1), by the sandbox authority's stand-in for NeGD
    const pki = sandboxPki(deps.config);
    const signed = signXmlEnveloped(xml, pki.digilocker.keyPem, pki.digilocker.certPem, {
      canonicalization: XML_ALGORITHMS.excC14n,
      signature: XML_ALGORITHMS.rsaSha1,
    });
    return reply.type('application/xml').send(signed);
  };
  app.get('/sandbox/digilocker/oauth2/3/xml/eaadhaar', eAadhaar);

  const sampleFaceParams = z.object({ gender: z.string().max(8) });
  // The two Aadhaar faces, for a person trying the sandbox: show the holder's one to the camera to
  // pass the face match, the other to fail it (the README's sandbox table).
  app.get('/sandbox/digilocker/sample-faces/:gender', async (req, reply) => {
    const gender = sampleFaceParams
      .safeParse(req.params)
      .data?.gender.replace(/\.jpg$/, '')
      .toUpperCase();
    if (gender !== 'M' && gender !== 'F') return reply.status(404).send({ error: 'record_not_found' });
    return reply
      .type('image/jpeg')
      .header('cache-control', 'no-store')
      .send(await sampleFace(gender));
  });
  app.get('/sandbox/digilocker/oauth2/2/xml/eaadhaar', eAadhaar);

  app.get(
    '/sandbox/digilocker/oauth2/1/xml/:uri',
    { schema: { params: z.object({ uri: z.string().max(128) }) } },
    async (req, reply) => {
      const h = await bearerHolder(req.headers.authorization);
      if (!h) return reply.status(401).send(oauthError('invalid_token', 'The access token is invalid'));
      if (!h.panIssued || req.params.uri !== panUri(h))
        return reply.status(404).send(oauthError('record_not_found', 'No such document'));
      const xml = `<?xml version="1.0" encoding="UTF-8"?>
<Certificate language="99" name="PAN Verification Record" type="PANCR" number="${h.pan}" status="A"><IssuedBy><Organization name="Income Tax Department" code="ITD" type="CG"/></IssuedBy>
<IssuedTo><Person name="${attr(h.name.toUpperCase())}" dob="${attr(h.dob)}" gender="${h.gender}"/></IssuedTo>
<CertificateData><PAN number="${h.pan}" status="Active"/></CertificateData></Certificate>`;
      return reply.type('application/xml').send(xml);
    },
  );
};
