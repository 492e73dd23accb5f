/** Penny drop: about Rs 1 is credited to the account and the bank answers the holder's name. */
export interface PennyDropRequest {
  ifsc: string;
  accountNumber: string;
  /** The name the account should be in (the name on PAN); some providers score it themselves. */
  expectedName: string;
  phone: string;
}

export type PennyDropResult =
  | { outcome: 'valid'; nameAtBank: string; reference: string | null }
  | { outcome: 'invalid'; code: string; reason: string };

export interface BankAccountVerifier {
  verify(request: PennyDropRequest): Promise<PennyDropResult>;
}

/** The penny drop the steps use: one or more providers behind it, the one that answered named. */
export interface PennyDropService {
  verify(request: PennyDropRequest): Promise<PennyDropResult & { provider: string }>;
}
