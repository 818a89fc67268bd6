-- docs/decisions.md, 'The private order page': every order mail links to /narudzba/{token}. A token is
-- 32 random bytes; only its SHA-256 is kept, so a leaked database holds no usable link. Each mail gets a
-- token of its own (the raw token cannot be read back to put it into a later mail); all of an order's
-- tokens open its page while the order is younger than a year, and go with the order when it is deleted.
create table order_page_tokens (
  token_hash text primary key,
  order_id uuid not null references orders(id) on delete cascade,
  created_at timestamptz not null default now()
);
create index order_page_tokens_order on order_page_tokens (order_id);

-- The status timeline: one row per change after the order was placed (placing is the order's created_at).
-- Orders from before this table, and orders written by the seed, have no rows: the page then shows the
-- placing and the current status at the order's updated_at (packages/shared/src/rules/order-timeline.ts).
create table order_status_history (
  id bigserial primary key,
  order_id uuid not null references orders(id) on delete cascade,
  status text not null,
  changed_at timestamptz not null default now()
);
create index order_status_history_order on order_status_history (order_id, id);
