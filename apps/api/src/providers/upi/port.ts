/** UPI: check that a VPA exists, then send a Rs 1 collect request the applicant approves in their UPI app. */
export interface VpaCheck {
  /** `pending`: the provider answers later by notification; it is not a refusal. */
  state: 'valid' | 'invalid' | 'pending';
  /** The account holder's name when the provider discloses it. */
  customerName: string | null;
}

export interface CollectRequest {
  vpa: string;
  amountPaise: number;
  /** Our reference, echoed in the provider's notification. */
  reference: string;
  note: string;
  expireAfterMinutes: number;
}

export interface UpiProvider {
  /** `reference` is echoed in the notification that settles a pending check. */
  verifyVpa(vpa: string, reference: string): Promise<VpaCheck>;
  createCollect(request: CollectRequest): Promise<{ id: string }>;
}

/**
 * The provider's notification that settles a request, as the webhook receives it: a collect
 * request paid, declined or expired (`payment`), or a pending VPA check found invalid (`vpa`).
 */
export interface UpiNotification {
  kind: 'payment' | 'vpa';
  id: string;
  reference: string;
  outcome: 'approved' | 'declined' | 'expired';
  vpa: string | null;
  payerName: string | null;
  /** The provider's reason (NPCI code and text) when it gives one. */
  reason: string | null;
}

/**
 * Bank verification by UPI intent or QR (a reverse penny drop): the applicant pays Rs 1 from their
 * UPI app; the provider names the paying account (holder, IFSC, number) and refunds the rupee.
 */
export interface ReversePennyDropRequest {
  id: string;
  /** `upi://pay?…`: opens the UPI app on a phone. */
  upiLink: string;
  /** An https page with the QR code, for a desktop. */
  shortUrl: string | null;
  validUpto: string | null;
}

export interface ReversePennyDrop {
  create(reference: string): Promise<ReversePennyDropRequest>;
}

/** The provider's notification that the rupee was paid (with the paying account) or the request failed. */
export interface ReversePennyDropNotification {
  id: string;
  reference: string | null;
  outcome: 'paid' | 'failed' | 'expired';
  holderName: string | null;
  ifsc: string | null;
  accountNumber: string | null;
  payerVpa: string | null;
  /** BANK_ACCOUNT, PPI (a wallet, not a bank account) or UNKNOWN. */
  accountType: string | null;
}
