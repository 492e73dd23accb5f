/** UPI: check that a VPA exists, then send a Rs 1 collect request the applicant approves in their UPI app. */
export interface VpaCheck {
  valid: boolean;
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
  verifyVpa(vpa: string): Promise<VpaCheck>;
  createCollect(request: CollectRequest): Promise<{ id: string }>;
}

/** The provider's notification when a collect request is paid or closed, as the webhook receives it. */
export interface CollectNotification {
  id: string;
  reference: string;
  outcome: 'approved' | 'declined' | 'expired';
  vpa: string;
  payerName: string | null;
}
