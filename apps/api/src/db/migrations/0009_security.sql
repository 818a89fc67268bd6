-- docs/decisions.md, 'Security': account mails (verification, password reset) are sent before bulk mail (order
-- notices, contact messages), so that a reset link never waits behind an order rush.
-- 0 = account mail, 1 = everything else; the worker claims by priority, then by due time.
alter table outbox add column priority smallint not null default 1;
update outbox set priority = 0 where kind in ('verify_email', 'reset_password');
create index outbox_pending_priority on outbox (priority, next_attempt_at, id) where sent_at is null;
