-- Retention per record class (packages/contracts/src/retention.ts): while a closed account's record
-- is held, each class's parts are erased when that class's hold ends (KYC and PMLA at 5 years,
-- the depository's at 8); the classes whose parts are gone are listed here.
alter table erasure_requests add column if not exists classes_erased text[] not null default '{}';
