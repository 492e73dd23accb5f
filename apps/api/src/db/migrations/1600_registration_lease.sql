-- A registration's step is held by one worker at a time: the worker leases the row for a bounded
-- time (a worker that dies lets its lease run out; the next one picks the step up after it).
alter table registrations add column if not exists lease_until timestamptz;
