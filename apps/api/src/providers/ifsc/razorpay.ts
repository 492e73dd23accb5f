/** Razorpay's public IFSC API: GET <base>/<IFSC> answers the directory's fields, 404 when unknown. */
import { type IfscDetails, ifscDetailsSchema } from '@ekyc/contracts/calls/get-ifsc';
import { z } from 'zod';
import { type FetchLike, fetchJson, ProviderError } from '../http.ts';
import type { IfscLookup } from './port.ts';

const text = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === undefined || v === null || v === '' ? null : String(v)));
const flag = z
  .union([z.boolean(), z.string(), z.null()])
  .optional()
  .transform((v) => (v === undefined || v === null ? null : v === true || v === 'true' || v === 'TRUE'));

/** The wire format, loosely typed as the real service answers it (numbers as strings, empty strings). */
export const razorpayIfscWireSchema = z.looseObject({
  BANK: z.string(),
  IFSC: z.string(),
  BANKCODE: z.string().optional(),
  BRANCH: text,
  ADDRESS: text,
  CENTRE: text,
  CITY: text,
  DISTRICT: text,
  STATE: text,
  CONTACT: text,
  MICR: text,
  SWIFT: text,
  ISO3166: text,
  IMPS: flag,
  NEFT: flag,
  RTGS: flag,
  UPI: flag,
});

export class RazorpayIfscLookup implements IfscLookup {
  constructor(private readonly o: { baseUrl: string; fetch?: FetchLike }) {}

  async lookup(ifsc: string): Promise<IfscDetails | null> {
    try {
      const wire = razorpayIfscWireSchema.parse(
        await fetchJson(`${this.o.baseUrl}/${encodeURIComponent(ifsc)}`, { fetch: this.o.fetch, timeoutMs: 5000 }),
      );
      return ifscDetailsSchema.parse({ ...wire, BANKCODE: wire.BANKCODE ?? ifsc.slice(0, 4) });
    } catch (err) {
      if (err instanceof ProviderError && err.status === 404) return null;
      throw err;
    }
  }
}
