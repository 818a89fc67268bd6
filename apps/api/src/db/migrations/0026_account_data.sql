-- docs/decisions.md, 'Their own data': a customer downloads her data and deletes her account herself;
-- a deletion is confirmed from a mailed link (a one-time token of its own purpose), and staff see every
-- request with the 30-day answer deadline the privacy page promises.
alter table user_tokens drop constraint user_tokens_purpose_check;
alter table user_tokens add constraint user_tokens_purpose_check
  check (purpose in ('verify_email', 'reset_password', 'delete_account'));

-- The person is named by a masked e-mail: a deleted account's request stays on the list without its address.
create table data_requests (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references users(id) on delete set null,
  email_masked text not null,
  kind text not null check (kind in ('export', 'delete')),
  requested_at timestamptz not null default now(),
  completed_at timestamptz
);
create index data_requests_requested on data_requests (requested_at desc);
