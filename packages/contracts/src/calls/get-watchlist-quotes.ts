import { z } from 'zod';
import { replySchema } from '../envelope.ts';

/** An exchange symbol as the quotes API names it, e.g. NSE:RELIANCE. */
export const quoteSymbolSchema = z.string().regex(/^(NSE|BSE):[A-Z0-9&-]{1,20}$/, 'Symbols look like NSE:RELIANCE');

/** The guest watchlist a visitor sees without an account (section 1). */
export const GUEST_WATCHLIST = [
  { symbol: 'NSE:RELIANCE', name: 'Reliance Industries' },
  { symbol: 'NSE:TCS', name: 'Tata Consultancy Services' },
  { symbol: 'NSE:HDFCBANK', name: 'HDFC Bank' },
  { symbol: 'NSE:INFY', name: 'Infosys' },
  { symbol: 'NSE:ICICIBANK', name: 'ICICI Bank' },
  { symbol: 'NSE:SBIN', name: 'State Bank of India' },
  { symbol: 'NSE:BHARTIARTL', name: 'Bharti Airtel' },
  { symbol: 'NSE:ITC', name: 'ITC' },
  { symbol: 'NSE:LT', name: 'Larsen & Toubro' },
  { symbol: 'NSE:HINDUNILVR', name: 'Hindustan Unilever' },
] as const;

export const WATCHLIST_MAX_SYMBOLS = 20;

/** GET /api/v1/public/watchlist?symbols=NSE:INFY,NSE:TCS (no sign-in; the guest list when absent). */
export const watchlistQuerySchema = z.object({
  symbols: z
    .string()
    .max(WATCHLIST_MAX_SYMBOLS * 24)
    .optional()
    .transform((v) => (v ? [...new Set(v.split(',').map((s) => s.trim().toUpperCase()))] : undefined))
    .pipe(z.array(quoteSymbolSchema).min(1).max(WATCHLIST_MAX_SYMBOLS).optional()),
});

export const watchlistQuoteSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  last_price: z.number(),
  previous_close: z.number(),
  change: z.number(),
  change_percent: z.number(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  /** When the price was current (ISO 8601); at least delayed_minutes ago. */
  as_of: z.string(),
});
export type WatchlistQuote = z.infer<typeof watchlistQuoteSchema>;

export const watchlistDataSchema = z.object({
  /** Market data is delayed by 15 minutes (sections 1 and 9). */
  delayed_minutes: z.number(),
  as_of: z.string().nullable(),
  quotes: z.array(watchlistQuoteSchema),
});
export type WatchlistData = z.infer<typeof watchlistDataSchema>;

export const watchlistReplySchema = replySchema(watchlistDataSchema);
