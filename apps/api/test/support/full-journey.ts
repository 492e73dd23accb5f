/**
 * A fresh applicant through the whole API journey with the sandbox providers, call by call as the
 * browser makes them: mobile OTP, email OTP, PAN, DigiLocker consent and return, client profiling,
 * penny drop, signature, nominee skipped, equity segment, selfie with the sandbox liveness module,
 * Aadhaar eSign with the OTP from the outbox, and the application status.
 *
 * It runs against an app through `inject` or against real processes through `fetch`, and has no
 * dependencies beyond those (the benchmark reuses it). Every call can be timed with `onCall`, every
 * step with `onStep`. Images are passed in (see journey-assets.ts), so that nothing here needs sharp.
 */
import { PERSONAL_DETAILS } from './personal-details.ts';

/** The selfie step's device location: shared with consent, a fresh fix in Mumbai. */
export const inMumbai = () => ({
  consent: true,
  latitude: 19.076,
  longitude: 72.8777,
  accuracy: 25,
  captured_at: new Date().toISOString(),
});

export interface JourneyRequest {
  method: 'GET' | 'POST';
  /** path and query, e.g. /api/v1/ekyc/send-otp */
  url: string;
  headers?: Record<string, string>;
  body?: string;
}
export interface JourneyResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}
/** How the journey reaches the API: one request at a time, redirects not followed. */
export interface JourneyClient {
  request(req: JourneyRequest): Promise<JourneyResponse>;
}

/** Anything with Fastify's inject (kept structural so this file imports nothing). */
interface Injectable {
  inject(opts: {
    method: 'GET' | 'POST';
    url: string;
    headers?: Record<string, string>;
    payload?: string;
  }): Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>;
}

const flatHeaders = (h: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v.join(', ') : String(v)]));

export function injectClient(app: Injectable): JourneyClient {
  return {
    async request(req) {
      const res = await app.inject({ method: req.method, url: req.url, headers: req.headers, payload: req.body });
      return { status: res.statusCode, headers: flatHeaders(res.headers), body: res.body };
    },
  };
}

export function fetchClient(baseUrl: string, timeoutMs = 30_000): JourneyClient {
  return {
    async request(req) {
      const res = await fetch(new URL(req.url, baseUrl), {
        method: req.method,
        headers: req.headers,
        body: req.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      const headers: Record<string, string> = {};
      res.headers.forEach((v, k) => (headers[k] = v));
      return { status: res.status, headers, body: await res.text() };
    },
  };
}

export type JourneyStep =
  | 'mobile'
  | 'email'
  | 'pan'
  | 'digilocker'
  | 'profiling'
  | 'bank'
  | 'signature'
  | 'nominee'
  | 'segment'
  | 'selfie'
  | 'esign'
  | 'status';
export const JOURNEY_STEPS: JourneyStep[] = [
  'mobile',
  'email',
  'pan',
  'digilocker',
  'profiling',
  'bank',
  'signature',
  'nominee',
  'segment',
  'selfie',
  'esign',
  'status',
];

export interface CallTiming {
  step: JourneyStep;
  method: string;
  /** the path without the query string */
  path: string;
  status: number;
  ms: number;
}

export interface JourneyApplicant {
  mobile: string;
  email: string;
  /** a valid individual PAN (4th letter P), digits other than 0000/8888/9999 */
  pan: string;
  /** as typed; the sandbox PAN service answers with it upper-cased */
  panName: string;
  /** dd/mm/yyyy, an adult */
  dob: string;
  ifsc: string;
  /** not ending 000 (that fails the sandbox penny drop) */
  accountNumber: string;
  motherName: string;
}

export interface JourneyOptions {
  applicant?: Partial<JourneyApplicant>;
  /** data: URLs: a drawn signature PNG and a JPEG selfie with one face (journey-assets.ts) */
  assets: { signaturePng: string; selfieJpeg: string };
  /** resume a journey already signed in (crash tests): skip the steps up to the current stage */
  token?: string;
  /** stop after this step (inclusive) */
  until?: JourneyStep;
  onCall?: (timing: CallTiming) => void;
  onStep?: (step: JourneyStep, ms: number) => void;
  /** called once signed in (resume after a failure with options.token) */
  onToken?: (token: string) => void;
  /** retry a call answered 5xx or failing in transport (restart tests), this many times */
  retries?: number;
  retryDelayMs?: number;
}

export interface JourneyResult {
  token: string;
  applicant: JourneyApplicant;
  /** every OTP and token the journey saw (personal-data canary) */
  secrets: string[];
  finalStatus: { status: boolean; message: string; data: Record<string, unknown> };
  stage: number;
}

type Envelope<T = Record<string, unknown>> = { status: boolean; message: string; data: T };

const API = '/api/v1/ekyc';
const FORM = 'application/x-www-form-urlencoded';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A PAN's four digits for an ordinary applicant: four like digits are the sandbox's special outcomes
 * (0000 not found, 2222 inoperative, 3333 to 5555 blocked at the KRA, 6666 and 7777 a registration
 * held or rejected once, 8888 no PAN in DigiLocker, 9999 KRA-registered), so they become 1234.
 */
export function ordinaryPanDigits(n: number): string {
  const digits = String(n).padStart(4, '0');
  return /^(\d)\1{3}$/.test(digits) ? '1234' : digits;
}

let seq = 0;
/** Unique, valid sandbox values for one applicant (the PAN digits avoid the sandbox's special values). */
export function newApplicant(seed = `${process.pid}${Date.now()}${seq++}`): JourneyApplicant {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  const next = () => (h = Math.imul(h ^ (h >>> 15), 2246822519) >>> 0);
  const letter = () => String.fromCharCode(65 + (next() % 26));
  const digits = ordinaryPanDigits(1000 + (next() % 8000));
  const pan = `${letter()}${letter()}${letter()}P${letter()}${digits}${letter()}`;
  const mobile = `9${String(next() % 1_000_000_000).padStart(9, '0')}`;
  const account = `${5 + (next() % 4)}${String(next()).padStart(10, '0').slice(0, 10)}${1 + (next() % 9)}`;
  const year = 1970 + (next() % 25);
  const day = 1 + (next() % 28);
  const month = 1 + (next() % 12);
  const first = ['Ravi', 'Asha', 'Kiran', 'Meera', 'Arjun', 'Divya', 'Rohit', 'Nisha'][next() % 8]!;
  const last = ['Sharma', 'Patel', 'Rao', 'Iyer', 'Das', 'Joshi', 'Nair', 'Gupta'][next() % 8]!;
  return {
    mobile,
    email: `applicant${mobile}@example.com`,
    pan,
    panName: `${first} Kumar ${last}`,
    dob: `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`,
    ifsc: 'HDFC0000001',
    accountNumber: account,
    motherName: `Sita ${last}`,
  };
}

export class JourneyError extends Error {
  constructor(
    readonly step: JourneyStep,
    message: string,
    readonly response?: JourneyResponse,
  ) {
    super(`${step}: ${message}`);
  }
}

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The action and hidden fields of the first form (or the form with `id`) in a page. */
export function formOf(html: string, id?: string): { action: string; fields: Record<string, string> } {
  const form = id
    ? new RegExp(`<form[^>]*id="${id}"[\\s\\S]*?</form>`).exec(html)?.[0]
    : /<form[\s\S]*?<\/form>/.exec(html)?.[0];
  if (!form) throw new Error('no form in the page');
  const action = decode(/action="([^"]*)"/.exec(form)?.[1] ?? '');
  const fields: Record<string, string> = {};
  for (const m of form.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = /name="([^"]+)"/.exec(m[0])?.[1];
    const value = /value="([^"]*)"/.exec(m[0])?.[1];
    if (name !== undefined) fields[decode(name)] = decode(value ?? '');
  }
  return { action, fields };
}

/** A URL the API hands out, as a path on the same origin (sandbox pages are served by the API). */
const localPath = (url: string) => {
  const u = new URL(url, 'http://local.invalid');
  return u.pathname + u.search;
};

const stageOf = (details: unknown): number => {
  const first = (details as { kyc_status_obj?: { kyc_list?: { stage: number }[] }[] }[])[0];
  return first?.kyc_status_obj?.[0]?.kyc_list?.at(-1)?.stage ?? 0;
};

export async function runFullJourney(client: JourneyClient, options: JourneyOptions): Promise<JourneyResult> {
  const applicant: JourneyApplicant = { ...newApplicant(), ...options.applicant };
  const secrets: string[] = [];
  let token = options.token ?? '';
  let step: JourneyStep = 'mobile';
  const retries = options.retries ?? 0;

  async function send(method: 'GET' | 'POST', url: string, body?: string, type?: string): Promise<JourneyResponse> {
    const headers: Record<string, string> = {};
    if (token && url.startsWith(API)) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = type ?? 'application/json';
    for (let attempt = 0; ; attempt++) {
      const started = performance.now();
      let res: JourneyResponse | undefined;
      try {
        res = await client.request({ method, url, headers, body });
      } catch (err) {
        if (attempt >= retries) throw new JourneyError(step, `${method} ${url} failed: ${String(err)}`);
      }
      if (res) {
        options.onCall?.({
          step,
          method,
          path: url.split('?')[0]!,
          status: res.status,
          ms: performance.now() - started,
        });
        if (res.status < 500 || attempt >= retries) return res;
      }
      await sleep(options.retryDelayMs ?? 250);
    }
  }

  async function api<T = Record<string, unknown>>(
    method: 'GET' | 'POST',
    call: string,
    body?: unknown,
    query?: Record<string, string>,
  ): Promise<Envelope<T>> {
    const qs = query ? `?${new URLSearchParams(query).toString()}` : '';
    const res = await send(method, `${API}/${call}${qs}`, body === undefined ? undefined : JSON.stringify(body));
    let parsed: Envelope<T>;
    try {
      parsed = JSON.parse(res.body) as Envelope<T>;
    } catch {
      throw new JourneyError(step, `${call} answered ${res.status} without JSON`, res);
    }
    if (res.status !== 200) throw new JourneyError(step, `${call} answered ${res.status}: ${parsed.message}`, res);
    return parsed;
  }

  async function expectOk<T = Record<string, unknown>>(
    method: 'GET' | 'POST',
    call: string,
    body?: unknown,
    query?: Record<string, string>,
  ): Promise<Envelope<T>> {
    const res = await api<T>(method, call, body, query);
    if (!res.status) throw new JourneyError(step, `${call}: ${res.message}`);
    return res;
  }

  /** The newest OTP sent to `to` at or after `sinceMs` (this machine's clock, read before the send). */
  async function outboxOtp(to: string, sinceMs: number): Promise<string> {
    for (let i = 0; i < 40; i++) {
      const res = await send('GET', `/sandbox/outbox?to=${encodeURIComponent(to)}`);
      const list = JSON.parse(res.body) as { otp: string | null; sent_at: string }[];
      const latest = list.find((m) => m.otp);
      if (latest?.otp && Date.parse(latest.sent_at) >= sinceMs) {
        secrets.push(latest.otp);
        return latest.otp;
      }
      await sleep(100);
    }
    throw new JourneyError(step, `no OTP in the outbox for ${to}`);
  }

  async function currentStage(): Promise<number> {
    return stageOf((await expectOk<unknown[]>('GET', 'get-user-details')).data);
  }

  const steps: Record<JourneyStep, { stage: number; run: () => Promise<void> }> = {
    mobile: {
      stage: 110,
      async run() {
        const before = Date.now();
        await expectOk('POST', 'send-otp', { mobile: applicant.mobile, whatspp_opt: false });
        const otp = await outboxOtp(applicant.mobile, before);
        const res = await expectOk<{ token: string }>('POST', 'verify-otp', { mobile: applicant.mobile, otp });
        token = res.data.token;
        secrets.push(token);
        options.onToken?.(token);
      },
    },
    email: {
      stage: 120,
      async run() {
        const before = Date.now();
        await expectOk('POST', 'send-otp', { email: applicant.email });
        const otp = await outboxOtp(applicant.email, before);
        await expectOk('POST', 'verify-otp-email', { email: applicant.email, otp });
      },
    },
    pan: {
      stage: 130,
      async run() {
        await expectOk(
          'POST',
          'pan-validation',
          { pan: applicant.pan, pan_name: applicant.panName, date_of_birth: applicant.dob },
          { is_ocr: 'false' },
        );
      },
    },
    digilocker: {
      stage: 140,
      async run() {
        const init = await expectOk<{ data: { url: string } }>('GET', 'initilize-digilocker');
        const authorize = new URL(init.data.data.url, 'http://local.invalid');
        const params = Object.fromEntries(authorize.searchParams);
        const page = await send('POST', authorize.pathname, new URLSearchParams(params).toString(), FORM);
        if (page.status !== 200) throw new JourneyError(step, `consent page answered ${page.status}`, page);
        const consent = formOf(page.body);
        const back = await send(
          'POST',
          localPath(consent.action || '/sandbox/digilocker/oauth2/1/consent'),
          new URLSearchParams({ ...params, ...consent.fields, decision: 'allow' }).toString(),
          FORM,
        );
        const location = back.headers.location;
        if (back.status !== 302 || !location) throw new JourneyError(step, `consent answered ${back.status}`, back);
        const returned = new URL(location, 'http://local.invalid').searchParams;
        const code = returned.get('code');
        if (!code) throw new JourneyError(step, `consent returned without a code: ${location}`);
        secrets.push(code);
        await expectOk('GET', 'get-digi-data', undefined, { code, state: returned.get('state') ?? '' });
        const next = await expectOk<{ screen: string }>('GET', 'get-digi-data');
        if (next.data.screen !== '/client-profiling') throw new JourneyError(step, `went to ${next.data.screen}`);
      },
    },
    profiling: {
      stage: 150,
      async run() {
        await expectOk('GET', 'get-occupation-list');
        const details = (
          await expectOk<Record<string, { cdl_documents?: { gender?: string; care_of?: string }[] }>[]>(
            'GET',
            'get-user-details',
          )
        ).data[0]!;
        const aadhaar = details.digilocker_obj?.cdl_documents?.[0];
        const father = (aadhaar?.care_of ?? '').replace(/^[SDW]\/O:?\s*/i, '').trim() || 'Ramesh Sharma';
        const body = {
          ...PERSONAL_DETAILS,
          gender: aadhaar?.gender === 'F' ? 'F' : 'M',
          mother_name: applicant.motherName,
          father_name: father,
        };
        await expectOk('POST', 'save-profiling-draft', { step: 'declaration', values: body });
        await expectOk('POST', 'personal-details-update', body);
      },
    },
    bank: {
      stage: 160,
      async run() {
        await expectOk('GET', 'get-ifsc', undefined, { ifsc: applicant.ifsc });
        const res = await expectOk<{ screen: string }>(
          'POST',
          'bank-verification',
          { ifsc: applicant.ifsc, account_number: applicant.accountNumber, account_type: 'Saving' },
          { is_vpa: 'false' },
        );
        if (res.data.screen !== '/bank-and-segment/signature')
          throw new JourneyError(step, `went to ${res.data.screen}`);
      },
    },
    signature: {
      stage: 170,
      async run() {
        await expectOk('POST', 'upload-signature', {
          signature_image: options.assets.signaturePng,
          document_type: 'png',
          upload_type: 'digital',
        });
      },
    },
    nominee: {
      stage: 180,
      async run() {
        await expectOk('POST', 'update-nominee', { skip_nominee: true });
      },
    },
    segment: {
      stage: 190,
      async run() {
        await expectOk('GET', 'get-segment-list');
        await expectOk('POST', 'update-segment', { segments: ['equity_1'] });
      },
    },
    selfie: {
      stage: 200,
      async run() {
        const t = await expectOk<{ token: string; transaction_id: string; module_url: string }>(
          'GET',
          'get-hypervege-token',
        );
        secrets.push(t.data.token);
        const upload = await api<{ retry: boolean }>('POST', 'upload-liveliness', {
          image: options.assets.selfieJpeg,
          transaction_id: t.data.transaction_id,
          location: inMumbai(),
        });
        if (!upload.status && !upload.data.retry) throw new JourneyError(step, `upload-liveliness: ${upload.message}`);
        const page = await send('GET', localPath(t.data.module_url));
        const moduleToken = /name="token" value="([^"]+)"/.exec(page.body)?.[1];
        if (!moduleToken) throw new JourneyError(step, 'no token on the liveness module page', page);
        const done = await send(
          'POST',
          '/sandbox/liveness/module',
          new URLSearchParams({
            token: decode(moduleToken),
            transactionId: t.data.transaction_id,
            outcome: 'auto_approved',
          }).toString(),
          FORM,
        );
        if (done.status !== 200) throw new JourneyError(step, `liveness module answered ${done.status}`, done);
        for (let i = 0; ; i++) {
          const poll = await api<{ retry: boolean; screen: string }>('GET', 'upload-liveliness');
          if (poll.status && poll.data.screen === '/e-sign') break;
          if (!poll.data.retry || i > 600) throw new JourneyError(step, `liveness: ${poll.message}`);
          await sleep(200);
        }
      },
    },
    esign: {
      stage: 210,
      async run() {
        const initiated = await expectOk<{ epro_id: string; documents?: { key: string; version: string }[] }>(
          'GET',
          'esign-initate',
        );
        // the broker's documents acknowledged at the versions the page lists
        const documents = (initiated.data.documents ?? []).map((d) => `${d.key}@${d.version}`).join(',');
        const consent = await expectOk<{ transaction_id: string; api_response: string }>(
          'GET',
          'esign-consent',
          undefined,
          {
            epro_id: initiated.data.epro_id,
            documents,
          },
        );
        const asp = formOf(consent.data.api_response);
        const before = Date.now();
        const otpPage = await send('POST', localPath(asp.action), new URLSearchParams(asp.fields).toString(), FORM);
        if (otpPage.status !== 200) throw new JourneyError(step, `ESP answered ${otpPage.status}`, otpPage);
        const otpForm = formOf(otpPage.body);
        const espTxn = otpForm.fields.espTxn;
        if (!espTxn) throw new JourneyError(step, 'no ESP transaction on the OTP page', otpPage);
        const otp = await outboxOtp(applicant.mobile, before);
        // the OTP goes where the ESP's page posts it (the ESP the consent chose)
        const signed = await send(
          'POST',
          localPath(otpForm.action),
          new URLSearchParams({ espTxn, otp, action: 'sign' }).toString(),
          FORM,
        );
        const response = formOf(signed.body, 'esp-response');
        const done = await send(
          'POST',
          localPath(response.action),
          new URLSearchParams(response.fields).toString(),
          FORM,
        );
        if (done.status !== 200) throw new JourneyError(step, `eSign response answered ${done.status}`, done);
      },
    },
    status: {
      stage: 220,
      async run() {
        await expectOk('GET', 'get-application-status');
      },
    },
  };

  const from = token ? await currentStage() : 0;
  for (const name of JOURNEY_STEPS) {
    step = name;
    const { stage, run } = steps[name];
    if (stage < from && name !== 'status') continue;
    const started = performance.now();
    await run();
    options.onStep?.(name, performance.now() - started);
    if (options.until === name) break;
  }
  step = 'status';
  const finalStatus = await api('GET', 'get-application-status');
  return { token, applicant, secrets, finalStatus, stage: await currentStage() };
}
