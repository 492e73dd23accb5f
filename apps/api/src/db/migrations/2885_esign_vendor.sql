-- Provider failover: the e-sign service provider each signing was sent to, so that its
-- answer is read with that vendor's keys and the evidence names who signed. Null: a transaction
-- from before vendors were recorded (the first configured vendor's).
alter table esign_transactions add column if not exists vendor text;
