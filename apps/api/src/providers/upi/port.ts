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
