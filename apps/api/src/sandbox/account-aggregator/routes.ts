/**
 * The sandbox account aggregator: the ReBIT consent API (POST /Consent, POST /Consent/handle) and
 * the Sahamati web-redirection consent page the applicant sees in a child window. Approve makes the
 * consent ACTIVE and answers status S (errorcode 0); Reject makes it REJECTED, status F
 * (errorcode 1). The return page's script posts {status, fi, resdate, ecres} to window.opener and
 * closes; without an opener it goes to the FIU's redirect URL (contract: sandbox providers).
 * Like a live AA it signs every answer of its API with its own key (a detached JWS in
 * `x-jws-signature`, RS256 over the unencoded body, the key named by `kid`) and publishes that key
 * as a Central Registry does (`GET /cr/v2/entityInfo/AA/{id}`, `entityinfo.certificate`); the
 * return leg's `fi` is its own id and `srcref` lists the accepted handle as an array.
 */
import { generateKeyPair, type KeyObject, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { exportJWK, FlattenedSign, type JWK } from 'jose';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SANDBOX_AA_API_KEY,
  SANDBOX_AA_HANDLE,
  SANDBOX_AA_ID,
  SANDBOX_FIU_ID,
  sandboxRedirectionSecret,
} from '../../providers/account-aggregator/create.ts';
import { escapeHtml } from '../../lib/html.ts';
import { sandboxPage } from '../page.ts';
import { sandboxConsentRepository as repo } from './consents.repository.ts';
import {
  instantOf,
  openEcreq,
  RETURN_CODES,
  sealEcres,
  STAMP_VALIDITY_MS,
  stampOf,
  xorDecode,
  xorEncode,
} from './redirection.ts';

/**
 * The ReBIT API the sandbox AA implements: the 2.x series of Sahamati's AA-v2-latest.yaml
 * (Sahamati/documentation .gitbook/assets/AA-v2-latest.yaml, info.version line 13). Its answers
 * carry the `ver` of the request they answer.
 */
const API_VERSION = /^2\.\d+\.\d+$/;
const DEFAULT_VER = '2.0.0';

/** How long the consent page may stay open before Approve no longer counts. */
const DECISION_WINDOW_MS = 15 * 60 * 1000;

const generateRsaKeyPair = promisify(generateKeyPair);

const consentRequestSchema = z.object({
  ver: z.string().regex(API_VERSION),
  timestamp: z.string(),
  txnid: z.string().min(1).max(64),
  ConsentDetail: z.looseObject({
    consentMode: z.string(),
    fetchType: z.string(),
    fiTypes: z.array(z.string()).min(1),
    DataConsumer: z.looseObject({ id: z.string() }),
    Customer: z.looseObject({ id: z.string().regex(/^\d{10}@[a-z-]+$/) }),
    Purpose: z.looseObject({ code: z.string(), text: z.string() }),
    FIDataRange: z.object({ from: z.string(), to: z.string() }),
  }),
});

const RETURN_JS = `(function(){
var el=document.getElementById('aa-return');if(!el)return;
var d=el.dataset;var msg={status:d.status,fi:d.fi,resdate:d.resdate,ecres:d.ecres,errorcode:d.errorcode};
if(window.opener&&!window.opener.closed){window.opener.postMessage(msg,d.origin);window.close();}
else{window.location.replace(d.redirect);}
})();`;

const rebitError = (errorCode: string, errorMsg: string, txnid = '', ver = DEFAULT_VER) => ({
  ver,
  timestamp: new Date().toISOString(),
  txnid,
  errorCode,
  errorMsg,
});

export const accountAggregatorSandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const secret = sandboxRedirectionSecret(deps.config.secretKey);
  const db = () => deps.database.db;

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  // the sandbox AA's own signing key, published through its registry route: made on first use (off
  // the event loop), as most starts of the API never see an account aggregator's call
  let signing: Promise<{ privateKey: KeyObject; kid: string; certificate: JWK }> | undefined;
  const signingKey = () =>
    (signing ??= generateRsaKeyPair('rsa', { modulusLength: 2048 }).then(async ({ privateKey, publicKey }) => {
      const kid = randomUUID();
      return { privateKey, kid, certificate: { ...(await exportJWK(publicKey)), alg: 'RS256', kid, use: 'sig' } };
    }));

  app.get('/sandbox/account-aggregator/cr/v2/entityInfo/AA/:id', async (req, reply) => {
    const { id } = req.params as { id: string };
    if (id !== SANDBOX_AA_ID) return reply.status(404).send({ responseCode: 404, responseText: 'Entity not found' });
    return {
      ver: '1.0',
      timestamp: new Date().toISOString(),
      txnid: randomUUID(),
      entityinfo: {
        name: 'Sandbox account aggregator',
        id: SANDBOX_AA_ID,
        code: SANDBOX_AA_ID,
        certificate: (await signingKey()).certificate,
      },
    };
  });

  // every answer of the consent API, errors included, carries the detached JWS of its exact body
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'POST' || !req.url.startsWith('/sandbox/account-aggregator/Consent')) return payload;
    if (typeof payload !== 'string') return payload;
    const { privateKey, kid } = await signingKey();
    const jws = await new FlattenedSign(new TextEncoder().encode(payload))
      .setProtectedHeader({ alg: 'RS256', kid, b64: false, crit: ['b64'] })
      .sign(privateKey);
    reply.header('x-jws-signature', `${jws.protected}..${jws.signature}`);
    return payload;
  });

  app.addHook('preHandler', async (req, reply) => {
    if (req.method === 'POST' && req.url.startsWith('/sandbox/account-aggregator/Consent')) {
      if (req.headers.client_api_key !== SANDBOX_AA_API_KEY)
        return reply.status(401).send(rebitError('Unauthorized', 'client_api_key is missing or wrong'));
    }
  });

  app.post('/sandbox/account-aggregator/Consent', async (req, reply) => {
    const parsed = consentRequestSchema.safeParse(req.body);
    if (!parsed.success) return reply.status(400).send(rebitError('InvalidRequest', 'Consent request is not valid'));
    const { ver, txnid, ConsentDetail } = parsed.data;
    if (
      ConsentDetail.DataConsumer.id !== SANDBOX_FIU_ID ||
      !ConsentDetail.Customer.id.endsWith(`@${SANDBOX_AA_HANDLE}`)
    )
      return reply.status(400).send(rebitError('InvalidRequest', 'Unknown FIU or customer', txnid, ver));
    const consentHandle = randomUUID();
    await repo.insert(db(), {
      consentHandle,
      txnid,
      customerId: ConsentDetail.Customer.id,
      detailJson: JSON.stringify(ConsentDetail),
    });
    return {
      ver,
      timestamp: new Date().toISOString(),
      txnid,
      Customer: { id: ConsentDetail.Customer.id },
      ConsentHandle: consentHandle,
    };
  });

  app.post('/sandbox/account-aggregator/Consent/handle', async (req, reply) => {
    const body = z
      .object({ ver: z.string().regex(API_VERSION), txnid: z.string(), ConsentHandle: z.string().max(64) })
      .safeParse(req.body);
    if (!body.success) return reply.status(400).send(rebitError('InvalidRequest', 'ConsentHandle is required'));
    const { ver } = body.data;
    const row = await repo.find(db(), body.data.ConsentHandle);
    if (!row)
      return reply.status(404).send(rebitError('InvalidConsentHandle', 'Unknown consent handle', body.data.txnid, ver));
    return {
      ver,
      timestamp: new Date().toISOString(),
      txnid: body.data.txnid,
      ConsentHandle: row.consentHandle,
      ConsentStatus: { id: row.consentId, status: row.status },
    };
  });

  /** A genuine, live web-redirection request and its consent, or null. */
  async function openRequest(
    q: { fi?: string; requestorType?: string; reqdate?: string; ecreq?: string },
    now: Date,
    windowMs: number,
  ) {
    if (!q.fi || !q.reqdate || !q.ecreq || xorDecode(q.fi, q.reqdate) !== SANDBOX_FIU_ID) return null;
    // Sahamati request specification: requestorType, XORed with reqdate, is FIU or LSP
    const requestor = q.requestorType ? xorDecode(q.requestorType, q.reqdate) : null;
    if (requestor !== 'FIU' && requestor !== 'LSP') return null;
    const sent = instantOf(q.reqdate);
    // The stamp has no seconds: it may read up to a minute early.
    if (
      !sent ||
      now.getTime() - sent.getTime() > windowMs + 60_000 ||
      sent.getTime() - now.getTime() > STAMP_VALIDITY_MS
    )
      return null;
    const ecreq = openEcreq(secret, q.reqdate, q.ecreq);
    const p = {
      txnid: ecreq?.get('txnid'),
      sessionid: ecreq?.get('sessionid') ?? '',
      userid: ecreq?.get('userid') ?? '',
      srcref: ecreq?.get('srcref'),
      redirect: ecreq?.get('redirect'),
    };
    if (!p.txnid || !p.srcref || !p.redirect || !URL.canParse(p.redirect)) return null;
    if (!['http:', 'https:'].includes(new URL(p.redirect).protocol)) return null;
    const row = await repo.find(db(), p.srcref);
    if (!row || row.txnid !== p.txnid || row.customerId !== p.userid) return null;
    return { params: { ...p, txnid: p.txnid, srcref: p.srcref, redirect: p.redirect }, row };
  }

  const invalidPage = () =>
    sandboxPage(
      'Account aggregator',
      '<div class="card"><p class="error">This consent request is not valid or has expired. Close this window and try again.</p></div>',
    );

  const webviewQuery = z.object({
    fi: z.string().max(512).optional(),
    requestorType: z.string().max(64).optional(),
    reqdate: z.string().max(32).optional(),
    ecreq: z.string().max(4096).optional(),
  });

  app.get('/sandbox/account-aggregator/webview', { schema: { querystring: webviewQuery } }, async (req, reply) => {
    const open = await openRequest(req.query, new Date(), STAMP_VALIDITY_MS);
    if (!open) return reply.status(400).type('text/html').send(invalidPage());
    const { row } = open;
    if (row.status !== 'PENDING') return reply.status(409).type('text/html').send(invalidPage());
    const detail = JSON.parse(row.detailJson) as z.infer<typeof consentRequestSchema>['ConsentDetail'];
    const day = (iso: string) => iso.slice(0, 10);
    const masked = row.customerId.replace(/^(\d{2})\d{6}(\d{2})/, '$1XXXXXX$2');
    const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
    const body = `<div class="card">
<p><strong>${escapeHtml(detail.DataConsumer.id)}</strong> asks to see your bank account data.</p>
<table><tbody>
<tr><th>Account aggregator id</th><td>${escapeHtml(masked)}</td></tr>
<tr><th>Purpose</th><td>${escapeHtml(detail.Purpose.text)}</td></tr>
<tr><th>Information</th><td>${escapeHtml(detail.fiTypes.join(', '))} (bank statement)</td></tr>
<tr><th>Statement period</th><td>${escapeHtml(day(detail.FIDataRange.from))} to ${escapeHtml(day(detail.FIDataRange.to))}</td></tr>
<tr><th>Fetch</th><td>${escapeHtml(detail.fetchType)}, ${escapeHtml(detail.consentMode)}</td></tr>
</tbody></table></div>
<form method="post" action="/sandbox/account-aggregator/webview/decision">
${hidden('fi', req.query.fi!)}${hidden('requestorType', req.query.requestorType!)}${hidden('reqdate', req.query.reqdate!)}${hidden('ecreq', req.query.ecreq!)}
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="reject" class="secondary">Reject</button>
</form>`;
    return reply.type('text/html').send(sandboxPage('Approve consent', body));
  });

  const decisionSchema = z.object({
    fi: z.string().max(512),
    requestorType: z.string().max(64),
    reqdate: z.string().max(32),
    ecreq: z.string().max(4096),
    decision: z.enum(['approve', 'reject']),
  });

  app.post('/sandbox/account-aggregator/webview/decision', async (req, reply) => {
    const body = decisionSchema.safeParse(req.body);
    const now = new Date();
    const open = body.success ? await openRequest(body.data, now, DECISION_WINDOW_MS) : null;
    if (!body.success || !open || open.row.status !== 'PENDING')
      return reply.status(400).type('text/html').send(invalidPage());
    const approved = body.data.decision === 'approve';
    await repo.decide(db(), open.row.consentHandle, approved ? 'ACTIVE' : 'REJECTED', approved ? randomUUID() : null);
    const { status, errorcode } = RETURN_CODES[approved ? 'approved' : 'rejected'];
    const { txnid, sessionid, userid, srcref, redirect } = open.params;
    const resdate = stampOf(now);
    // the return leg's fi is the AA's own id; srcref lists the accepted handles (none when rejected)
    const fi = xorEncode(SANDBOX_AA_ID, resdate);
    const ecres = sealEcres(secret, resdate, [
      ['txnid', txnid],
      ['sessionid', sessionid],
      ['userid', userid],
      ['status', status],
      ['errorcode', errorcode],
      ...(approved ? [['srcref', JSON.stringify([srcref])] as [string, string]] : []),
    ]);
    const back = new URL(redirect);
    back.search = new URLSearchParams({ fi, resdate, ecres }).toString();
    const data = (name: string, value: string) => `data-${name}="${escapeHtml(value)}"`;
    const page = sandboxPage(
      approved ? 'Consent approved' : 'Consent rejected',
      `<div class="card" id="aa-return" ${data('status', status)} ${data('errorcode', errorcode)} ${data('fi', fi)} ${data(
        'resdate',
        resdate,
      )} ${data('ecres', ecres)} ${data('origin', back.origin)} ${data('redirect', back.toString())}>
<p>${approved ? 'You approved sharing your bank statement.' : 'You rejected the consent request.'} Returning you to the application…</p>
<p><a class="button" href="${escapeHtml(back.toString())}">Return to the application</a></p></div>`,
      { scripts: ['/sandbox/account-aggregator/return.js'] },
    );
    return reply.type('text/html').send(page);
  });

  app.get('/sandbox/account-aggregator/return.js', async (_req, reply) =>
    reply.type('application/javascript').header('cache-control', 'public, max-age=3600').send(RETURN_JS),
  );
};
