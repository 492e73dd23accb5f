-- Staff invitations (four eyes on account control): a new member, or one whose password is reset,
-- sets their own password through a one-time link sent to their own e-mail address. Only the
-- token's keyed hash is kept; a link expires and serves once. `created_by` is null for one made by
-- the operator's command on the server (npm run staff).
create table if not exists staff_invitations (
  id uuid primary key default gen_random_uuid(),
  staff_id uuid not null references staff(id) on delete cascade,
  token_hash text not null unique,
  purpose text not null check (purpose in ('join', 'password')),
  created_by uuid references staff(id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index if not exists staff_invitations_staff on staff_invitations (staff_id);
