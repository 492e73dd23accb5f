-- Four eyes: the checker, a staff role of its own, confirms the approvals that reviewers (makers)
-- prepared; administrators may do either.
alter table staff drop constraint if exists staff_role_check;
alter table staff add constraint staff_role_check check (role in ('reviewer', 'checker', 'admin'));
