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
import { inMumbai, type JourneyApplicant, newApplicant } from './journey-applicant.ts';
import { decode, formOf, type JourneyClient, type JourneyResponse } from './journey-client.ts';

/** The journey's steps, in order. */
export const JOURNEY_STEPS = [
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
] as const;
export type JourneyStep = (typeof JOURNEY_STEPS)[number];

export interface CallTiming {
  step: JourneyStep;
  method: string;
  /** the path without the query string */
  path: string;
  status: number;
  ms: number;
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

export class JourneyError extends Error {
  constructor(
    readonly step: JourneyStep,
    message: string,
    readonly response?: JourneyResponse,
  ) {
    super(`${step}: ${message}`);
  }
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
