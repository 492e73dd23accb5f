-- The working-hours clock (3032) counted every interval day by day over a generated series, with
-- two time-zone conversions per day: about 0.25 ms in the embedded database even for an interval
-- within one day, and a maker's decisions on eleven stages run it for each stage row (the sitting's
-- working seconds, then the time held). Nearly every interval it is asked about is a review's own,
-- minutes long and within one day in India: that day alone is counted now (is it a weekday and no
-- trading holiday, then the overlap with 09:00-18:00 IST), about a seventh of the time. Longer
-- intervals are counted over the series as before; the figures are the same either way.

create or replace function review_working_seconds(f timestamptz, t timestamptz) returns integer
language plpgsql stable as $$
declare
  d date;
begin
  if t <= f then
    return 0;
  end if;
  d := (f at time zone 'Asia/Kolkata')::date;
  if d = (t at time zone 'Asia/Kolkata')::date then
    if extract(isodow from d) >= 6 or exists (select 1 from review_trading_holidays h where h.day = d) then
      return 0;
    end if;
    return greatest(0, round(extract(epoch from (
      least(t, (d + time '18:00') at time zone 'Asia/Kolkata') - greatest(f, (d + time '09:00') at time zone 'Asia/Kolkata')
    ))))::integer;
  end if;
  return (
    select coalesce(round(sum(greatest(0, extract(epoch from (least(t, x.close) - greatest(f, x.open)))))), 0)::integer
    from (
      select (g.day::timestamp + interval '9 hours') at time zone 'Asia/Kolkata' as open,
             (g.day::timestamp + interval '18 hours') at time zone 'Asia/Kolkata' as close
      from generate_series(d::timestamp, (t at time zone 'Asia/Kolkata')::date::timestamp, interval '1 day') as g(day)
      where extract(isodow from g.day) < 6
        and not exists (select 1 from review_trading_holidays h where h.day = g.day::date)
    ) x);
end $$;
