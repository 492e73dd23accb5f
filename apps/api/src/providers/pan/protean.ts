/**
 * Protean (NSDL) online PAN verification (PROVIDERS.md): {pan, name, fathername, dob} in,
 * outputData [{pan, pan_status, name: Y|N, dob: Y|N, seeding_status}] out. The transport
 * encryption and client certificate sit in front of this adapter (a gateway); the body is the
 * provider's own.
 */
import { z } from 'zod';
import { fetchJson, type FetchLike, ProviderError } from '../http.ts';
import type { PanCheckInput, PanCheckResult, PanVerifier } from './port.ts';

export interface ProteanOptions {
  baseUrl: string;
  userId: string;
  apiKey: string;
  fetch?: FetchLike;
}

const replySchema = z.object({
  response_Code: z.string(),
  outputData: z.array(
    z.object({
      pan: z.string(),
      pan_status: z.string(),
      name: z.string().optional().default('N'),
      fathername: z.string().optional(),
      dob: z.string().optional().default('N'),
      seeding_status: z.string().optional().default(''),
    }),
  ),
});

/** Valid statuses: E, and E with an event (EA, EC, ... ES, EU). */
const isValidStatus = (status: string) => /^E[A-Z]?$/.test(status);

export class ProteanPanVerifier implements PanVerifier {
  constructor(private readonly o: ProteanOptions) {}

  async verify(input: PanCheckInput): Promise<PanCheckResult> {
    const raw = await fetchJson(`${this.o.baseUrl}/api/v1/pan/verify`, {
      method: 'POST',
      headers: { 'x-user-id': this.o.userId, authorization: `Bearer ${this.o.apiKey}` },
      body: { inputData: [{ pan: input.pan, name: input.name, fathername: '', dob: input.dob }] },
      fetch: this.o.fetch,
    });
    const parsed = replySchema.safeParse(raw);
    if (!parsed.success) throw new ProviderError('PAN verification answered an unexpected body');
    const row = parsed.data.outputData.find((r) => r.pan === input.pan);
    if (!row || row.pan_status === 'N') return { found: false };
    return {
      found: true,
      status: row.pan_status,
      valid: isValidStatus(row.pan_status),
      nameMatches: row.name === 'Y',
      dobMatches: row.dob === 'Y',
      aadhaarSeeding: row.seeding_status,
    };
  }
}
