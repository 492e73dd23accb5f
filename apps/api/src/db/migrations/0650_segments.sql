-- Trading segments the applicant may choose (spec section 3: segment list item), in display order.
create table if not exists segments (
  code text primary key,
  name text not null,
  description text not null,
  sub_description text not null default '',
  auto_select boolean not null default false,
  required_doc boolean not null default false,
  exchanges text[] not null default '{}',
  sort_order integer not null default 0,
  active boolean not null default true
);

insert into segments (code, name, description, sub_description, auto_select, required_doc, exchanges, sort_order) values
  ('equity_1', 'Equity', 'Buy and sell shares for delivery or intraday', 'Cash market on NSE and BSE', true, false, '{NSE,BSE}', 1),
  ('equity_derivatives_1', 'Equity Derivatives', 'Futures and options on stocks and indices', 'Needs a financial proof', false, true, '{NSE,BSE}', 2),
  ('currency_derivatives_1', 'Currency Derivatives', 'Futures and options on currency pairs', 'Needs a financial proof', false, true, '{NSE,BSE}', 3),
  ('commodity_derivatives_1', 'Commodity Derivatives', 'Futures and options on commodities', 'Needs a financial proof', false, true, '{MCX}', 4),
  ('mutual_funds_1', 'Mutual Funds', 'Invest in direct mutual funds', 'Orders through BSE StAR MF', false, false, '{BSE}', 5)
on conflict (code) do nothing;

-- The sandbox account aggregator's consent requests (sandbox mode only writes here).
create table if not exists sandbox_aa_consents (
  consent_handle text primary key,
  txnid text not null,
  customer_id text not null,
  detail_json text not null,
  status text not null default 'PENDING',
  consent_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
