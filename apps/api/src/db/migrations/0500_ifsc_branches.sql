-- Branch details of the public IFSC directory, loaded by an operator with `npm run ifsc:import -- IFSC.csv`.
-- Validation and bank names come from the bundled `ifsc` package; this table adds branch, address and the rest.
create table if not exists ifsc_branches (
  ifsc text primary key,
  bank text not null,
  branch text,
  centre text,
  district text,
  state text,
  address text,
  contact text,
  city text,
  iso3166 text,
  micr text,
  swift text,
  imps boolean,
  rtgs boolean,
  neft boolean,
  upi boolean,
  updated_at timestamptz not null default now()
);
