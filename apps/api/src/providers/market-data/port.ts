/** Quotes for the guest watchlist. Prices are in rupees; `asOf` says when the price was current. */
export interface Quote {
  /** Exchange symbol, e.g. NSE:RELIANCE. */
  symbol: string;
  lastPrice: number;
  open: number;
  high: number;
  low: number;
  previousClose: number;
  asOf: Date;
}

export interface MarketData {
  /** Minutes the feed lags the exchange (section 9: 15). */
  readonly delayMinutes: number;
  /** Quotes for the symbols the feed knows; unknown symbols are left out. */
  quotes(symbols: readonly string[]): Promise<Quote[]>;
}
