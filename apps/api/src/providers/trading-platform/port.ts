/**
 * The broker's trading platform (its order management system), for the client's voluntary freeze
 * of online access (SEBI/HO/MIRSD/POD-1/P/CIR/2024/4, 12 Jan 2024, live 1 Jul 2024): the platform
 * blocks online access and cancels the client's pending orders; the unfreeze lets the client in again.
 */
export interface FreezeResult {
  /** When the platform blocked access. */
  frozenAt: Date;
  /** Pending orders the platform cancelled (GTD and SIP orders included). */
  cancelledOrders: number;
}

export interface TradingPlatform {
  /** Blocks online access of a client code; `requestId` makes a repeat harmless. */
  freeze(clientCode: string, requestId: string): Promise<FreezeResult>;
  /** Restores online access. */
  unfreeze(clientCode: string, requestId: string): Promise<void>;
}
