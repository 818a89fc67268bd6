-- docs/decisions.md ('Back-in-stock alerts'), 'Back-in-stock alerts': a shopper asks to be told when an out-of-stock product
-- (or one of its options) is back. Double opt-in: a request waits for its confirmation mail's link; a
-- confirmed alert waits for the stock; the stock's return marks it due in the very transaction that
-- changed the stock (the triggers below, so no writer can forget it); a job then writes its one mail.
create table if not exists stock_alerts (
  id uuid primary key default gen_random_uuid(),
  product_id uuid not null references products(id) on delete cascade,
  -- Null: the product's own stock (a product without options). An option keeps its row while its
  -- label stays (catalogue/repo.ts, replaceOptions); a removed option takes its alerts with it.
  option_id uuid references product_options(id) on delete cascade,
  -- Normalised (rules/email.ts); the address the mails go to.
  email text not null,
  ip text,
  created_at timestamptz not null default now(),
  confirmed_at timestamptz,
  -- The stock came back while the alert was confirmed: its mail is to be written.
  due_at timestamptz,
  -- The one mail was written to the outbox (in the transaction that set this).
  notified_at timestamptz,
  unsubscribed_at timestamptz
);
-- One alert per address and product (or option) while it waits; a new one after it was sent or ended.
create unique index if not exists stock_alerts_one_waiting
  on stock_alerts (product_id, coalesce(option_id, product_id), email)
  where notified_at is null and unsubscribed_at is null;
create index if not exists stock_alerts_email on stock_alerts (email, created_at);
create index if not exists stock_alerts_option on stock_alerts (option_id) where option_id is not null;
-- What the job looks for: due and not yet written.
create index if not exists stock_alerts_due on stock_alerts (due_at)
  where due_at is not null and notified_at is null and unsubscribed_at is null;

-- The links of the mails: only the SHA-256 of each token is kept (like the account mails' tokens).
-- A confirmation link confirms its alert; an unsubscribe link (several per alert: one in the confirmation
-- mail, one in the alert itself) ends its alert and every other waiting alert of the same address.
create table if not exists stock_alert_tokens (
  token_hash text primary key,
  alert_id uuid not null references stock_alerts(id) on delete cascade,
  purpose text not null check (purpose in ('confirm', 'unsubscribe')),
  -- Copied from the alert: the per-mailbox limit counts the confirmation mails of an address.
  email text not null,
  created_at timestamptz not null default now()
);
create index if not exists stock_alert_tokens_email on stock_alert_tokens (email, created_at) where purpose = 'confirm';
create index if not exists stock_alert_tokens_alert on stock_alert_tokens (alert_id);

-- A mail's own headers (List-Unsubscribe and List-Unsubscribe-Post of the stock alerts, RFC 8058).
alter table outbox add column if not exists headers jsonb;

-- Stock back from 0 (or made unlimited): the confirmed alerts of that stock become due, in the
-- transaction of the change, whichever path changed it (staff edit, import, correction, cancel, return).
create or replace function products_stock_alerts_due() returns trigger
language plpgsql as $$
begin
  update stock_alerts set due_at = clock_timestamp()
   where product_id = new.id and option_id is null
     and confirmed_at is not null and due_at is null and notified_at is null and unsubscribed_at is null;
  return null;
end;
$$;

drop trigger if exists products_stock_alerts_due on products;
create trigger products_stock_alerts_due after update of stock, infinite_stock on products
  for each row
  when (old.stock <= 0 and not old.infinite_stock and (new.stock > 0 or new.infinite_stock))
  execute function products_stock_alerts_due();

create or replace function product_options_stock_alerts_due() returns trigger
language plpgsql as $$
begin
  update stock_alerts set due_at = clock_timestamp()
   where option_id = new.id
     and confirmed_at is not null and due_at is null and notified_at is null and unsubscribed_at is null;
  return null;
end;
$$;

drop trigger if exists product_options_stock_alerts_due on product_options;
create trigger product_options_stock_alerts_due after update of stock, infinite on product_options
  for each row
  when (old.stock <= 0 and not old.infinite and (new.stock > 0 or new.infinite))
  execute function product_options_stock_alerts_due();
