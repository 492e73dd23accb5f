/**
 * The broker's back-office system (its ledger and depository back office): before a client's
 * account is closed it answers what stands in the way, namely money owed either way, holdings
 * still in the demat account, open positions, pledged securities and requests still in process.
 */
export interface ClosureHolding {
  isin: string;
  name: string;
  quantity: number;
}

export interface ClosureCheck {
  /** Rupees: positive is owed to the client (paid out on closure), negative owed by the client. */
  ledgerBalance: number;
  holdings: ClosureHolding[];
  openPositions: number;
  /** Securities pledged or under a margin pledge. */
  pledges: number;
  /** Payouts, DIS or other requests the back office has still in process. */
  pendingRequests: number;
}

export interface BackOfficeSystem {
  /** The pre-check of a closure, for a client code (and its PAN, as the back office keys clients by both). */
  closureCheck(input: { clientCode: string; pan: string; requestId: string }): Promise<ClosureCheck>;
}
