-- Statistics (staff-and-content.md §9; docs/decisions.md, 'Statistics'): a year of 100,000 orders within 150 ms (p95).

-- Per-day sums and the table read only index pages (index-only scans), never the heap with its
-- addresses: all statuses, and one status (the statistics status filter).
create index if not exists orders_statistics on orders (created_at, id) include (status, total, shipping_cost);
create index if not exists orders_statistics_status on orders (status, created_at, id) include (total, shipping_cost);

-- The sum of quantities and the top products need each line's order date and status. Joining a
-- year of lines to their orders took three times as long as reading the lines alone (measured,
-- bench/admin-statistics.ts), so each line carries a copy of both, kept by the two triggers below.
-- The copies are for statistics only; orders.created_at and orders.status stay the truth.
alter table order_items add column if not exists order_created_at timestamptz;
alter table order_items add column if not exists order_status text;

update order_items i
   set order_created_at = o.created_at, order_status = o.status
  from orders o
 where o.id = i.order_id and (i.order_created_at is distinct from o.created_at or i.order_status is distinct from o.status);

-- A new line (or one moved to another order) takes its order's date and status. It reads the order
-- row without locking it, so concurrent orders do not wait on each other.
create or replace function order_items_copy_order() returns trigger language plpgsql as $$
begin
  select o.created_at, o.status into new.order_created_at, new.order_status from orders o where o.id = new.order_id;
  return new;
end
$$;
drop trigger if exists order_items_copy_order on order_items;
create trigger order_items_copy_order before insert or update of order_id on order_items
  for each row execute function order_items_copy_order();

-- A status change (staff, a customer's cancel) or a corrected date reaches the order's lines.
create or replace function orders_copy_to_items() returns trigger language plpgsql as $$
begin
  update order_items set order_created_at = new.created_at, order_status = new.status where order_id = new.id;
  return null;
end
$$;
drop trigger if exists orders_copy_to_items on orders;
create trigger orders_copy_to_items after update of created_at, status on orders
  for each row
  when (old.created_at is distinct from new.created_at or old.status is distinct from new.status)
  execute function orders_copy_to_items();

create index if not exists order_items_statistics on order_items (order_created_at)
  include (order_status, product_id, quantity, price, name);
create index if not exists order_items_statistics_status on order_items (order_status, order_created_at)
  include (product_id, quantity, price, name);

-- Roll-ups of closed months, so that a year is read from about 2,000 day rows and 36,000 product rows
-- instead of 100,000 orders and 250,000 lines. A month is closed one hour after it ends (UTC); the
-- live month, where orders are placed, is always read from the orders themselves, so placing an
-- order never writes here. A change to an order or line of a closed month (a late status change,
-- a delete) marks that month dirty, and the next statistics call rebuilds it before it reads.
create table if not exists statistics_months (
  month date primary key,
  built_at timestamptz not null default now()
);
create table if not exists statistics_dirty_months (
  month date primary key
);
create table if not exists statistics_day_totals (
  day date not null,
  status text not null,
  orders integer not null,
  revenue numeric(14,2) not null,
  primary key (day, status)
);
create table if not exists statistics_month_products (
  month date not null,
  status text not null,
  product_id uuid,
  orphan_name text,
  quantity bigint not null,
  revenue numeric(14,2) not null
);
create index if not exists statistics_month_products_month on statistics_month_products (month, status);

-- The month a change falls in, when that month is no longer the calendar month of the change: such
-- a month may already be built (a reader builds it one hour after its end, and no transaction runs
-- for an hour), so it must be built again.
create or replace function statistics_mark_months(moments timestamptz[]) returns void language sql as $$
  insert into statistics_dirty_months (month)
  select distinct date_trunc('month', moment at time zone 'UTC')::date
    from unnest(moments) as moment
   where moment is not null
     and date_trunc('month', moment at time zone 'UTC') < date_trunc('month', now() at time zone 'UTC')
  on conflict do nothing
$$;

create or replace function orders_mark_statistics() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform statistics_mark_months(array(select distinct created_at from old_rows));
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    perform statistics_mark_months(array(select distinct created_at from new_rows));
  end if;
  return null;
end
$$;
drop trigger if exists orders_mark_statistics_insert on orders;
drop trigger if exists orders_mark_statistics_update on orders;
drop trigger if exists orders_mark_statistics_delete on orders;
create trigger orders_mark_statistics_insert after insert on orders referencing new table as new_rows
  for each statement execute function orders_mark_statistics();
create trigger orders_mark_statistics_update after update on orders referencing old table as old_rows new table as new_rows
  for each statement execute function orders_mark_statistics();
create trigger orders_mark_statistics_delete after delete on orders referencing old table as old_rows
  for each statement execute function orders_mark_statistics();

create or replace function order_items_mark_statistics() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform statistics_mark_months(array(select distinct order_created_at from old_rows));
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    perform statistics_mark_months(array(select distinct order_created_at from new_rows));
  end if;
  return null;
end
$$;
drop trigger if exists order_items_mark_statistics_insert on order_items;
drop trigger if exists order_items_mark_statistics_update on order_items;
drop trigger if exists order_items_mark_statistics_delete on order_items;
create trigger order_items_mark_statistics_insert after insert on order_items referencing new table as new_rows
  for each statement execute function order_items_mark_statistics();
create trigger order_items_mark_statistics_update after update on order_items
  referencing old table as old_rows new table as new_rows
  for each statement execute function order_items_mark_statistics();
create trigger order_items_mark_statistics_delete after delete on order_items referencing old table as old_rows
  for each statement execute function order_items_mark_statistics();
