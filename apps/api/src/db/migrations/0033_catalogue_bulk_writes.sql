-- docs/decisions.md, 'Bulk catalogue writes': a spreadsheet import writes 10,000 products or options in a few
-- statements; measured (bench/catalogue-io-profile.ts), most of its time went to work the triggers repeated row by
-- row. Every stored result stays the same as before (a test rebuilds the rows with the full triggers and compares):
-- only how much is done per row changes.

-- 1. The card (migration 0032) read its eleven fields with eleven `->` on the product's JSON, each a parse of the
--    whole text (a fifth of an update's time). One pass of json_each now gives the same text of each field (json_each
--    and `->` of json both answer the value's text exactly as it stands in the document).
create or replace function product_card_json(catalogue json, is_available boolean) returns json
language sql immutable as $$
  select ('{"id":' || coalesce(f.id, 'null')
    || ',"customId":' || coalesce(f.custom_id, 'null')
    || ',"name":' || coalesce(f.name, 'null')
    || ',"brand":' || coalesce(f.brand, 'null')
    || ',"short_description":' || coalesce(f.short_description, 'null')
    || ',"images":' || coalesce((
         select '[{"url":' || (i.value->'url')::text || ',"is_primary":' || (i.value->'is_primary')::text || '}]'
           from json_array_elements(f.images) with ordinality as i(value, position)
          order by (i.value->>'is_primary')::boolean desc, i.position limit 1), '[]')
    || ',"price":' || coalesce(f.price, 'null')
    || ',"discount_price":' || coalesce(f.discount_price, 'null')
    || ',"has_sizes":' || coalesce(f.has_sizes, 'null')
    || ',"is_available":' || is_available::text
    || ',"unit":' || coalesce(f.unit, 'null')
    || '}')::json
    from (select max(field.value::text) filter (where field.key = 'id') as id,
                 max(field.value::text) filter (where field.key = 'customId') as custom_id,
                 max(field.value::text) filter (where field.key = 'name') as name,
                 max(field.value::text) filter (where field.key = 'brand') as brand,
                 max(field.value::text) filter (where field.key = 'short_description') as short_description,
                 (array_agg(field.value) filter (where field.key = 'images'))[1] as images,
                 max(field.value::text) filter (where field.key = 'price') as price,
                 max(field.value::text) filter (where field.key = 'discount_price') as discount_price,
                 max(field.value::text) filter (where field.key = 'has_sizes') as has_sizes,
                 max(field.value::text) filter (where field.key = 'unit') as unit
            from json_each(catalogue) as field) f
$$;

-- 2. A product being inserted has no options yet (their foreign key needs the product first), so the search
--    folding (migration 0001) and the catalogue state (0032) skip their queries of product_options on INSERT:
--    they would find nothing, and the results are those of an empty option list.
create or replace function products_fold_own_fields() returns trigger
language plpgsql as $$
begin
  new.search_name := shop_fold(new.name);
  new.search_short := shop_fold(new.short_description);
  new.search_description := shop_fold(new.description);
  if tg_op = 'INSERT' then
    new.search_codes := trim(shop_fold(new.custom_id) || ' ' || '');
    new.search_options := '';
    return new;
  end if;
  new.search_codes := trim(shop_fold(new.custom_id) || ' ' || coalesce(
    (select string_agg(shop_fold(o.custom_id), ' ') from product_options o where o.product_id = new.id), ''));
  new.search_options := coalesce(
    (select string_agg(shop_fold(o.size), ' ') from product_options o where o.product_id = new.id), '');
  return new;
end $$;

create or replace function products_catalogue_state() returns trigger
language plpgsql as $$
declare
  own_price numeric(12,2) := coalesce(new.discount_price, new.price);
  option_available boolean;
  option_price numeric(12,2);
  option_discounted boolean;
begin
  if new.has_sizes and tg_op = 'UPDATE' then
    select coalesce(bool_or(o.infinite or o.stock > 0), false),
           min(coalesce(o.discount_price, o.price, own_price)),
           coalesce(bool_or(o.discount_price is not null), false)
      into option_available, option_price, option_discounted
      from product_options o
     where o.product_id = new.id;
    new.is_available := option_available;
    new.effective_price := coalesce(option_price, own_price);
    new.is_discounted := option_discounted or new.discount_price is not null;
  elsif new.has_sizes then
    new.is_available := false;
    new.effective_price := own_price;
    new.is_discounted := new.discount_price is not null;
  else
    new.is_available := new.infinite_stock or new.stock > 0;
    new.effective_price := own_price;
    new.is_discounted := new.discount_price is not null;
  end if;
  new.catalogue_json := product_catalogue_json(new, false);
  new.card_json := product_card_json(new.catalogue_json, new.is_available);
  return new;
end $$;

-- 3. Options written in bulk restate their products once per statement, not once per option: migration 0001's row
--    trigger rewrote the product (its JSON, its search columns, its ~20 index entries) for every inserted, deleted
--    or relabelled option, so 10,000 imported options were 10,000 single-row product updates. Now each statement
--    touches each of its products once, after the statement, as the row triggers' last rewrite did.
drop trigger if exists product_options_fold on product_options;

create or replace function product_options_refold_rows() returns trigger
language plpgsql as $$
begin
  -- `custom_id = custom_id` fires the search folding trigger (update of custom_id), as 0001's did.
  update products set custom_id = custom_id where id in (select product_id from changed_rows);
  return null;
end $$;

drop trigger if exists product_options_fold_inserted on product_options;
create trigger product_options_fold_inserted after insert on product_options
  referencing new table as changed_rows for each statement execute function product_options_refold_rows();
drop trigger if exists product_options_fold_deleted on product_options;
create trigger product_options_fold_deleted after delete on product_options
  referencing old table as changed_rows for each statement execute function product_options_refold_rows();

-- Updates (migration 0006's statement trigger): products whose options changed label, code or product are folded
-- again; the others (stock, prices, order) are restated as before.
create or replace function product_options_restate_rows() returns trigger
language plpgsql as $$
begin
  update products set custom_id = custom_id
   where id in (select n.product_id from changed_rows n join previous_rows o on o.id = n.id
                 where n.size is distinct from o.size or n.custom_id is distinct from o.custom_id
                    or n.product_id <> o.product_id
                union
                select o.product_id from changed_rows n join previous_rows o on o.id = n.id
                 where n.product_id <> o.product_id);
  update products set updated_at = updated_at
   where id in (select product_id from changed_rows union select product_id from previous_rows)
     and id not in (select n.product_id from changed_rows n join previous_rows o on o.id = n.id
                     where n.size is distinct from o.size or n.custom_id is distinct from o.custom_id
                        or n.product_id <> o.product_id
                    union
                    select o.product_id from changed_rows n join previous_rows o on o.id = n.id
                     where n.product_id <> o.product_id);
  return null;
end $$;

-- 4. The stock ledger (migration 0023) of inserts and updates: one INSERT … SELECT per statement from its
--    transition tables instead of a function call per row. Same rows: kind, actor and reason from the
--    transaction's settings (catalogue/stock-reason.ts), 'correction' by the system when nobody named the change.
--    An option's deletion keeps 0023's row trigger (it asks whether the product is being deleted too).
create or replace function stock_ledger_rows(
  p_product_ids uuid[], p_option_ids uuid[], p_sizes text[], p_codes text[], p_changes integer[], p_resulting integer[]
) returns void
language plpgsql as $$
declare
  v_kind text := nullif(current_setting('shop.stock_kind', true), '');
  v_actor_id text := nullif(current_setting('shop.stock_actor_id', true), '');
  v_actor_email text := nullif(current_setting('shop.stock_actor', true), '');
  v_reason text := nullif(current_setting('shop.stock_reason', true), '');
begin
  if v_kind is null then
    v_kind := 'correction';
    v_actor_id := null;
    v_actor_email := null;
    v_reason := 'bez razloga';
  end if;
  insert into stock_ledger (product_id, option_id, option_size, option_code, kind, actor_id, actor_email, reason,
                            change, resulting_stock)
  select c.product_id, c.option_id, c.size, c.code, v_kind, v_actor_id::uuid, v_actor_email, coalesce(v_reason, ''),
         c.change, c.resulting
    from unnest(p_product_ids, p_option_ids, p_sizes, p_codes, p_changes, p_resulting)
         with ordinality as c(product_id, option_id, size, code, change, resulting, position)
   where c.change <> 0
   order by c.position;
end;
$$;

create or replace function products_stock_ledger_inserted() returns trigger
language plpgsql as $$
begin
  perform stock_ledger_rows(array_agg(n.id), array_agg(null::uuid), array_agg(null::text), array_agg(null::text),
                            array_agg(n.stock), array_agg(n.stock))
     from changed_rows n where n.stock <> 0
   having count(*) > 0;
  return null;
end $$;

create or replace function products_stock_ledger_updated() returns trigger
language plpgsql as $$
begin
  perform stock_ledger_rows(array_agg(n.id), array_agg(null::uuid), array_agg(null::text), array_agg(null::text),
                            array_agg(n.stock - o.stock), array_agg(n.stock))
     from changed_rows n join previous_rows o on o.id = n.id
    where n.stock is distinct from o.stock
   having count(*) > 0;
  return null;
end $$;

create or replace function product_options_stock_ledger_inserted() returns trigger
language plpgsql as $$
begin
  perform stock_ledger_rows(array_agg(n.product_id), array_agg(n.id), array_agg(n.size), array_agg(n.custom_id),
                            array_agg(n.stock), array_agg(n.stock))
     from changed_rows n where n.stock <> 0
   having count(*) > 0;
  return null;
end $$;

create or replace function product_options_stock_ledger_updated() returns trigger
language plpgsql as $$
begin
  perform stock_ledger_rows(array_agg(n.product_id), array_agg(n.id), array_agg(n.size), array_agg(n.custom_id),
                            array_agg(n.stock - o.stock), array_agg(n.stock))
     from changed_rows n join previous_rows o on o.id = n.id
    where n.stock is distinct from o.stock
   having count(*) > 0;
  return null;
end $$;

drop trigger if exists products_stock_ledger_insert on products;
create trigger products_stock_ledger_insert after insert on products
  referencing new table as changed_rows for each statement execute function products_stock_ledger_inserted();
drop trigger if exists products_stock_ledger_update on products;
create trigger products_stock_ledger_update after update on products
  referencing old table as previous_rows new table as changed_rows
  for each statement execute function products_stock_ledger_updated();
drop trigger if exists product_options_stock_ledger_insert on product_options;
create trigger product_options_stock_ledger_insert after insert on product_options
  referencing new table as changed_rows for each statement execute function product_options_stock_ledger_inserted();
drop trigger if exists product_options_stock_ledger_update on product_options;
create trigger product_options_stock_ledger_update after update on product_options
  referencing old table as previous_rows new table as changed_rows
  for each statement execute function product_options_stock_ledger_updated();
