-- Sales campaigns: what a sale changed, so that restoring gives back exactly the prices each product and option had
-- (docs/decisions.md, 'Sales campaigns': a lower own discount is kept, restoring is exact).
--
-- A sale writes only discount prices. At apply time each product on sale gets one row here with
-- its discount price before (discount_price, null when it had none) and the one the sale wrote
-- (applied_discount_price); each of its options one row in sale_option_snapshots. Restoring puts
-- the old value back where the current one is still the sale's: a price staff changed by hand
-- during the sale stays as staff set it. A row here also means "this product is applied", which
-- makes applying idempotent.
create table sale_price_snapshots (
  product_id uuid primary key references products(id) on delete cascade,
  discount_price numeric(12,2),
  applied_discount_price numeric(12,2),
  applied_at timestamptz not null default now()
);

-- Keyed by (product, size), not the option's id: the products page saves options by replacing
-- them, and a saved-unchanged option must still be restored.
create table sale_option_snapshots (
  product_id uuid not null references products(id) on delete cascade,
  size text not null,
  discount_price numeric(12,2),
  applied_discount_price numeric(12,2),
  primary key (product_id, size)
);

-- The start date whose opening the timed job has handled: a sale is applied by the job once per
-- window, so restoring by hand during the window is not undone a minute later. Saving new dates
-- or switching the sale on again clears it.
alter table sale_config add column handled_start_date timestamptz;

-- A sale changes the options of thousands of products in one statement. 0004's row trigger
-- restated the product once per changed option (three options, three rewrites of the product
-- row with its JSON and indexes); this statement trigger restates each touched product once.
-- Transition tables allow no column list, so it runs on every option update; the columns it did
-- not list (size, custom_id) already rewrite the product through product_options_fold.
drop trigger product_options_restate on product_options;
create or replace function product_options_restate_rows() returns trigger
language plpgsql as $$
begin
  update products set updated_at = updated_at
   where id in (select product_id from changed_rows union select product_id from previous_rows);
  return null;
end $$;
create trigger product_options_restate after update on product_options
  referencing old table as previous_rows new table as changed_rows
  for each statement execute function product_options_restate_rows();
