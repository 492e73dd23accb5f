/**
 * MCX Unique Client Code. UNVERIFIED: MCX publishes no current file or API specification (research
 * §3.3, confidence low), so no public source backs this layout; with production providers it is
 * used only when REGISTRATIONS_MCX_UNVERIFIED is set, and otherwise UnverifiedMcxRegistrar holds the
 * registration for a manual one (docs/registrations.md). This adapter sends the pipe-delimited batch layout the exchanges share
 * (control record `10|M|<member>|DDMMYYYY|<batch>|<count>`, then one detail line per client per
 * segment), with the commodity segment indicator, as a text upload. Confirm the layout with the
 * MCX member circular before going live; the base URL and credentials are settings.
 */
import { z } from 'zod';
import { fetchJson, type FetchLike } from '../http.ts';
import type { Codes } from './code-tables.ts';
import { type Registrar, type RegistrationAnswer, type RegistrationSubject, reorderDate } from './port.ts';

export interface McxUccOptions {
  baseUrl: string;
  memberCode: string;
  apiKey: string;
  codes: Codes;
  fetch?: FetchLike;
  now?: () => Date;
}

/** The detail fields, in order. */
export const MCX_DETAIL_FIELDS = [
  'Segment',
  'ClientCode',
  'ClientName',
  'Category',
  'PAN',
  'DOB',
  'Address1',
  'Address2',
  'Address3',
  'City',
  'State',
  'Country',
  'PinCode',
  'Mobile',
  'Email',
  'IncomeRange',
  'Occupation',
  'DepositoryName',
  'BOID',
  'BankName',
  'BankIFSC',
  'BankAccount',
  'ClientStatus',
] as const;

const clean = (v: string) => v.replace(/[|\r\n]/g, ' ');

export function mcxBatch(s: RegistrationSubject, memberCode: string, batchNo: string, codes: Codes, at: Date): string {
  const active = s.segments.map((code) => codes('segment', code)).filter(Boolean);
  // a segment the client stopped: its line is sent again with the client status I (inactive)
  const stopped = new Set(
    (s.deactivatedSegments ?? []).map((code) => codes('segment', code)).filter((seg) => seg && !active.includes(seg)),
  );
  const segs = [...new Set(active), ...stopped];
  const date = `${String(at.getUTCDate()).padStart(2, '0')}${String(at.getUTCMonth() + 1).padStart(2, '0')}${at.getUTCFullYear()}`;
  const lines = [`10|M|${memberCode}|${date}|${batchNo}|${segs.length}`];
  for (const seg of segs) {
    const row: Record<(typeof MCX_DETAIL_FIELDS)[number], string> = {
      Segment: seg,
      ClientCode: s.clientCode,
      ClientName: s.name,
      Category: '1',
      PAN: s.pan,
      DOB: reorderDate(s.dob, 'DD-MM-YYYY'),
      Address1: s.address.line1,
      Address2: s.address.line2,
      Address3: s.address.line3,
      City: s.address.city,
      State: codes('state', s.address.state.toUpperCase()),
      Country: codes('country', s.address.country),
      PinCode: s.address.pincode,
      Mobile: s.mobile,
      Email: s.email,
      IncomeRange: codes('income', s.income),
      Occupation: codes('occupation', s.occupation),
      DepositoryName: s.depository,
      BOID: s.boId ?? '',
      BankName: s.bank.bankName,
      BankIFSC: s.bank.ifsc,
      BankAccount: s.bank.accountNumber,
      ClientStatus: s.closure ? 'C' : stopped.has(seg) ? 'I' : 'A',
    };
    lines.push(['20', ...MCX_DETAIL_FIELDS.map((f) => clean(row[f]))].join('|'));
  }
  return `${lines.join('\n')}\n`;
}

const answerSchema = z.object({
  batchNo: z.string(),
  records: z.array(
    z.object({ clientCode: z.string(), status: z.enum(['ACCEPTED', 'REJECTED']), reason: z.string().nullable() }),
  ),
});

export function readMcxAnswer(body: unknown, request: string): RegistrationAnswer {
  const a = answerSchema.parse(body);
  const refused = a.records.find((r) => r.status === 'REJECTED');
  const response = JSON.stringify(body);
  if (refused || a.records.length === 0)
    return { status: 'rejected', reference: null, reason: refused?.reason ?? 'Refused by MCX', request, response };
  return { status: 'accepted', reference: a.records[0]!.clientCode, reason: null, request, response };
}

export class McxUccRegistrar implements Registrar {
  readonly kind = 'ucc_mcx' as const;
  constructor(private readonly o: McxUccOptions) {}

  async submit(subject: RegistrationSubject, requestId: string): Promise<RegistrationAnswer> {
    const file = mcxBatch(subject, this.o.memberCode, requestId, this.o.codes, this.o.now?.() ?? new Date());
    const answer = await fetchJson(`${this.o.baseUrl}/ucc/upload`, {
      method: 'POST',
      headers: { 'x-api-key': this.o.apiKey, 'x-batch-no': requestId },
      text: { contentType: 'text/plain', body: file },
      fetch: this.o.fetch,
    });
    return readMcxAnswer(answer, file);
  }

  async check(_subject: RegistrationSubject, requestId: string): Promise<RegistrationAnswer> {
    const answer = await fetchJson(`${this.o.baseUrl}/ucc/upload/${encodeURIComponent(requestId)}`, {
      headers: { 'x-api-key': this.o.apiKey },
      fetch: this.o.fetch,
    });
    return readMcxAnswer(answer, `GET ${requestId}`);
  }
}

/** MCX with production providers and the unverified layout not accepted: nothing is sent, an operator registers by hand. */
export class UnverifiedMcxRegistrar implements Registrar {
  readonly kind = 'ucc_mcx' as const;
  private readonly answer: RegistrationAnswer = {
    status: 'on_hold',
    reference: null,
    reason:
      'MCX UCC layout unverified (no public specification): register the client at MCX by hand, or set REGISTRATIONS_MCX_UNVERIFIED=true once MCX confirmed the layout',
    request: 'nothing sent: MCX layout unverified',
    response: '',
  };

  async submit(): Promise<RegistrationAnswer> {
    return this.answer;
  }

  async check(): Promise<RegistrationAnswer> {
    return this.answer;
  }
}
