-- docs/decisions.md, 'Stock ledger': one row for every change of products.stock or
-- product_options.stock, written by the triggers below, so that no writer can forget it. The writer
-- names the change in its transaction (catalogue/stock-reason.ts, nameStockChange): kind, actor, reason.
-- A change nobody named is still recorded, as a 'correction' without an actor.
create table if not exists stock_ledger (
  id bigint generated always as identity primary key,
  -- A deleted product takes its ledger with it (the audit log keeps the deleted product).
  product_id uuid not null references products(id) on delete cascade,
  -- The option whose stock changed (null: the product's own stock); no foreign key, an option's
  -- history outlives the option. Its label and code as they were at the change.
  option_id uuid,
  option_size text,
  option_code text,
  at timestamptz not null default clock_timestamp(),
  kind text not null check (kind in ('order', 'cancel', 'staff_order', 'staff_edit', 'import', 'correction', 'return')),
  actor_id uuid,
  actor_email text,
  reason text not null,
  change integer not null check (change <> 0),
  resulting_stock integer not null check (resulting_stock >= 0)
);
-- Per-product paging, newest first (GET /api/products/{id}/stock-ledger).
create index if not exists stock_ledger_product_at on stock_ledger (product_id, at desc, id desc);
create index if not exists stock_ledger_option_at on stock_ledger (option_id, at desc, id desc) where option_id is not null;

create or replace function stock_ledger_write(
  p_product_id uuid, p_option_id uuid, p_option_size text, p_option_code text, p_change integer, p_resulting integer
) returns void
language plpgsql as $$
declare
  v_kind text := nullif(current_setting('shop.stock_kind', true), '');
  v_actor_id text := nullif(current_setting('shop.stock_actor_id', true), '');
  v_actor_email text := nullif(current_setting('shop.stock_actor', true), '');
  v_reason text := nullif(current_setting('shop.stock_reason', true), '');
begin
  if p_change = 0 then
    return;
  end if;
  if v_kind is null then
    -- Nobody named this change: recorded all the same, by the system, without a reason.
    v_kind := 'correction';
    v_actor_id := null;
    v_actor_email := null;
    v_reason := 'bez razloga';
  end if;
  insert into stock_ledger (product_id, option_id, option_size, option_code, kind, actor_id, actor_email, reason,
                            change, resulting_stock)
  values (p_product_id, p_option_id, p_option_size, p_option_code, v_kind, v_actor_id::uuid, v_actor_email,
          coalesce(v_reason, ''), p_change, p_resulting);
end;
$$;

create or replace function products_stock_ledger() returns trigger
language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform stock_ledger_write(new.id, null, null, null, new.stock, new.stock);
  else
    perform stock_ledger_write(new.id, null, null, null, new.stock - old.stock, new.stock);
  end if;
  return null;
end;
$$;

drop trigger if exists products_stock_ledger_insert on products;
create trigger products_stock_ledger_insert after insert on products
  for each row when (new.stock <> 0) execute function products_stock_ledger();
drop trigger if exists products_stock_ledger_update on products;
create trigger products_stock_ledger_update after update of stock on products
  for each row when (new.stock is distinct from old.stock) execute function products_stock_ledger();

create or replace function product_options_stock_ledger() returns trigger
language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform stock_ledger_write(new.product_id, new.id, new.size, new.custom_id, new.stock, new.stock);
    return null;
  elsif tg_op = 'UPDATE' then
    perform stock_ledger_write(new.product_id, new.id, new.size, new.custom_id, new.stock - old.stock, new.stock);
    return null;
  end if;
  -- An option removed from its product takes its units with it: recorded as a change to 0. When the
  -- product itself is being deleted its ledger goes with it, so nothing is written.
  if exists (select 1 from products where id = old.product_id) then
    perform stock_ledger_write(old.product_id, old.id, old.size, old.custom_id, -old.stock, 0);
  end if;
  return null;
end;
$$;

drop trigger if exists product_options_stock_ledger_insert on product_options;
create trigger product_options_stock_ledger_insert after insert on product_options
  for each row when (new.stock <> 0) execute function product_options_stock_ledger();
drop trigger if exists product_options_stock_ledger_update on product_options;
create trigger product_options_stock_ledger_update after update of stock on product_options
  for each row when (new.stock is distinct from old.stock) execute function product_options_stock_ledger();
drop trigger if exists product_options_stock_ledger_delete on product_options;
create trigger product_options_stock_ledger_delete after delete on product_options
  for each row when (old.stock <> 0) execute function product_options_stock_ledger();

-- What stock there was before the ledger existed: one opening row per product and option with stock.
insert into stock_ledger (product_id, option_id, option_size, option_code, kind, reason, change, resulting_stock)
select p.id, null, null, null, 'correction', 'početno stanje', p.stock, p.stock
  from products p
 where p.stock > 0 and not exists (select 1 from stock_ledger l where l.product_id = p.id);
insert into stock_ledger (product_id, option_id, option_size, option_code, kind, reason, change, resulting_stock)
select o.product_id, o.id, o.size, o.custom_id, 'correction', 'početno stanje', o.stock, o.stock
  from product_options o
 where o.stock > 0 and not exists (select 1 from stock_ledger l where l.option_id = o.id);
