-- docs/decisions.md, 'Several processes': stock changes of orders and cancels, per product, for the catalogue caches
-- of other API processes. With REDIS_URL they hear the product ids at once; this table is the fallback (polled with
-- the cache generation) and the record a process that missed a message catches up from. A plain insert per order: no
-- shared row to lock, so orders never wait for each other here. Rows are kept for minutes only (the caches delete the
-- old ones).
create table if not exists cache_stock_changes (
  id bigserial primary key,
  product_ids uuid[] not null,
  changed_at timestamptz not null default clock_timestamp()
);
create index if not exists cache_stock_changes_changed_at on cache_stock_changes (changed_at);
