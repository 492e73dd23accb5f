-- A new applicant in one call (one round trip, its own transaction): the row, the mobile stage
-- completed with the rule set pinned (applicant_complete_stage, 2600) and the consents given at
-- sign-up (consent_records, 1900). A mobile already signed up writes nothing and answers that
-- applicant, created false (a double click, or a second sign-in: the concurrent insert waits for
-- the first one's commit, and the read after it takes a fresh snapshot).
create function applicant_sign_up(
  p_mobile_hash text,
  p_mobile_enc text,
  p_whatsapp_opt boolean,
  p_refcode text,
  p_own_refcode text,
  p_utm_source text,
  p_utm_medium text,
  p_utm_campaign text,
  p_user_agent text,
  p_source text,
  p_language text,
  p_stage int,
  p_next int,
  p_put_names text[],
  p_put_payloads text[],
  p_review_stage int,
  p_review_payload text,
  p_consent_purposes text[],
  p_consent_granted boolean[],
  p_notice_version text,
  p_consent_source text
) returns table (applicant_id uuid, created boolean)
language plpgsql volatile as $$
declare
  v_id uuid;
begin
  insert into applicants (mobile_hash, mobile_enc, whatsapp_opt, refcode, own_refcode, utm_source, utm_medium,
      utm_campaign, user_agent, source, language)
    values (p_mobile_hash, p_mobile_enc, p_whatsapp_opt, p_refcode, p_own_refcode, p_utm_source, p_utm_medium,
      p_utm_campaign, p_user_agent, p_source, p_language)
    on conflict (mobile_hash) do nothing
    returning id into v_id;
  if v_id is null then
    return query select a.id, false from applicants a where a.mobile_hash = p_mobile_hash;
    return;
  end if;
  perform applicant_complete_stage(v_id, p_stage, p_next, p_put_names, p_put_payloads, '{}'::text[], p_review_stage,
    p_review_payload);
  insert into consent_records (applicant_id, purpose, granted, notice_version, language, source)
    select v_id, c.purpose, c.granted, p_notice_version, p_language, p_consent_source
    from unnest(p_consent_purposes, p_consent_granted) as c (purpose, granted);
  return query select v_id, true;
end $$;
