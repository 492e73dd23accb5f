-- Back office: staff accounts, and the append-only, hash-chained audit trail.

create table staff (
  id uuid primary key default gen_random_uuid(),
  email text not null unique,
  name text not null,
  role text not null check (role in ('reviewer', 'admin')),
  password_hash text not null,
  active boolean not null default true,
  created_by uuid references staff(id),
  created_at timestamptz not null default now(),
  last_login_at timestamptz
);

-- One chain per applicant (chain_key = applicant id) and one for staff administration ('staff').
-- Each row's hash covers its content and the previous row's hash of the same chain, so an edited,
-- inserted or removed row breaks every later link.
create table audit_log (
  id bigserial primary key,
  chain_key text not null,
  applicant_id uuid,
  at timestamptz not null default clock_timestamp(),
  actor_kind text not null check (actor_kind in ('staff', 'applicant', 'system')),
  actor_id text,
  action text not null,
  stage integer,
  before jsonb,
  after jsonb,
  prev_hash text not null,
  hash text not null
);
create index audit_log_chain on audit_log (chain_key, id);
create index audit_log_applicant on audit_log (applicant_id, id);

create function audit_row_hash(
  p_prev text, p_chain text, p_id bigint, p_at timestamptz, p_actor_kind text, p_actor_id text,
  p_action text, p_stage integer, p_before jsonb, p_after jsonb
) returns text language sql stable as $$
  select encode(sha256(convert_to(concat_ws(E'\x1f',
    p_prev, p_chain, p_id::text, to_char(p_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'),
    p_actor_kind, coalesce(p_actor_id, ''), p_action, coalesce(p_stage::text, ''),
    coalesce(p_before::text, ''), coalesce(p_after::text, '')), 'UTF8')), 'hex')
$$;

-- The only way rows enter the log: serialised per chain, linked to the chain's last hash.
create function audit_append(
  p_chain text, p_applicant uuid, p_actor_kind text, p_actor_id text, p_action text, p_stage integer,
  p_before jsonb, p_after jsonb
) returns bigint language plpgsql as $$
declare
  v_prev text;
  v_id bigint;
  v_at timestamptz := clock_timestamp();
begin
  perform pg_advisory_xact_lock(hashtext('audit:' || p_chain));
  select hash into v_prev from audit_log where chain_key = p_chain order by id desc limit 1;
  v_prev := coalesce(v_prev, '');
  v_id := nextval(pg_get_serial_sequence('audit_log', 'id'));
  insert into audit_log (id, chain_key, applicant_id, at, actor_kind, actor_id, action, stage, before, after, prev_hash, hash)
  values (v_id, p_chain, p_applicant, v_at, p_actor_kind, p_actor_id, p_action, p_stage, p_before, p_after, v_prev,
          audit_row_hash(v_prev, p_chain, v_id, v_at, p_actor_kind, p_actor_id, p_action, p_stage, p_before, p_after));
  return v_id;
end $$;

-- Append-only: updates and deletes are refused.
create function audit_log_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only';
end $$;
create trigger audit_log_append_only before update or delete on audit_log
  for each row execute function audit_log_refuse_change();
create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function audit_log_refuse_change();

-- Every stage change of an applicant (reached, submitted, accepted, rejected, made current) is
-- logged. The actor is the staff member when the transaction says so (set_config
-- 'ekyc.actor_kind' / 'ekyc.actor_id'), else the applicant.
create function audit_applicant_stage() returns trigger language plpgsql as $$
declare
  v_kind text := coalesce(nullif(current_setting('ekyc.actor_kind', true), ''), 'applicant');
  v_actor text := coalesce(nullif(current_setting('ekyc.actor_id', true), ''), new.applicant_id::text);
  v_before jsonb;
begin
  if tg_op = 'UPDATE' then
    if old.admin_activity is not distinct from new.admin_activity and old.reason is not distinct from new.reason
       and old.seq = new.seq then
      return new;
    end if;
    v_before := jsonb_build_object('admin_activity', old.admin_activity, 'reason', old.reason, 'seq', old.seq);
  end if;
  perform audit_append(new.applicant_id::text, new.applicant_id, v_kind, v_actor,
    case when tg_op = 'INSERT' then 'stage.reached'
         when old.seq <> new.seq and old.admin_activity is not distinct from new.admin_activity then 'stage.current'
         else 'stage.activity' end,
    new.stage, v_before,
    jsonb_build_object('admin_activity', new.admin_activity, 'reason', new.reason, 'seq', new.seq));
  return new;
end $$;
create trigger applicant_stages_audit after insert or update on applicant_stages
  for each row execute function audit_applicant_stage();

-- Blind index of PAN numbers for the queue's search (keyed hash, never the PAN itself), kept up to
-- date from the encrypted pan_obj sections changed since the last sync.
create table backoffice_pan_index (
  applicant_id uuid primary key references applicants(id) on delete cascade,
  pan_hash text not null,
  section_updated_at timestamptz not null
);
create index backoffice_pan_index_hash on backoffice_pan_index (pan_hash);
