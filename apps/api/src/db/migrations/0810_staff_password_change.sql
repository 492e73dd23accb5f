-- A staff account whose password someone else chose (the first administrator, from the
-- environment) must set its own before any other back-office call.
alter table staff add column password_change_required boolean not null default false;
