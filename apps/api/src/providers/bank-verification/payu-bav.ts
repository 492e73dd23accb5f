/**
 * PayU Payouts' account verification (penny drop): POST <base>/payout/payment/verifyAccount, a
 * form (accountNumber, ifscCode, merchantRefId, validateIfsc, beneName, nameMatching, purpose)
 * with the headers Authorization: Bearer <token> and payoutMerchantId → {status: 0 (else an
 * error), msg, code, data: {accountExists: YES|NO|VERIFICATION_PENDING, beneficiaryName,
 * nameMatch, status: Success|Failed|Pending, error}}.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { type FetchLike, fetchJson, ProviderError } from '../http.ts';
import type { BankAccountVerifier, PennyDropRequest, PennyDropResult } from './port.ts';

export const payuVerifyReplySchema = z.looseObject({
  status: z.number(),
  msg: z.string().nullable().optional(),
  code: z.union([z.string(), z.number()]).nullable().optional(),
  data: z
    .looseObject({
      accountExists: z.string().nullable().optional(),
      beneficiaryName: z.string().nullable().optional(),
      nameMatch: z.number().nullable().optional(),
      status: z.string().nullable().optional(),
      error: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
});

export interface PayuBavOptions {
  baseUrl: string;
  token: string;
  merchantId: string;
  /** The provider's name in metrics, limits and logs. */
  provider: string;
  fetch?: FetchLike;
}

export class PayuBankVerifier implements BankAccountVerifier {
  constructor(private readonly o: PayuBavOptions) {}

  async verify(r: PennyDropRequest): Promise<PennyDropResult> {
    const merchantRefId = randomUUID().replace(/-/g, '');
    const raw = await fetchJson(`${this.o.baseUrl}/payout/payment/verifyAccount`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.o.token}`, payoutMerchantId: this.o.merchantId },
      form: {
        accountNumber: r.accountNumber,
        ifscCode: r.ifsc,
        merchantRefId,
        validateIfsc: 'true',
        beneName: r.expectedName,
        nameMatching: 'true',
        purpose: 'Account opening',
      },
      fetch: this.o.fetch,
      provider: this.o.provider,
      timeoutMs: 30_000,
    });
    const reply = payuVerifyReplySchema.parse(raw);
    const data = reply.data;
    // not settled within the call: another provider may answer at once
    if (reply.status === 0 && (data?.status === 'Pending' || data?.accountExists === 'VERIFICATION_PENDING'))
      throw new ProviderError('the verification is still pending', 200, undefined, 'server_error');
    if (reply.status === 0 && data?.accountExists === 'YES' && data.status === 'Success' && data.beneficiaryName)
      return { outcome: 'valid', nameAtBank: data.beneficiaryName, reference: merchantRefId };
    const code = String(reply.code ?? data?.accountExists ?? 'FAILED');
    return { outcome: 'invalid', code, reason: data?.error || reply.msg || code };
  }
}
