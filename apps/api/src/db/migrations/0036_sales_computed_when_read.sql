-- docs/decisions.md, 'Sales computed when read': a sale's prices are computed when read, never written into the
-- products. products.discount_price and product_options.discount_price are only ever the product's own; the sale
-- price of a base price is one function over sale_products (sale_price_of, the rule of 'Money rules' with the
-- floor), and the price charged while the sale is applied is the lowest entitled one (sale_discount_of). Each
-- product keeps a second set of its precomputed columns for "sale on", built by the same trigger, so the store's
-- price-sorted lists stay read from an index; start and end are one update of sale_config.is_applied.

-- 1. A sale running the old way (written into the products, migration 0006) gives back the own prices first,
--    exactly as its end did: a price staff changed by hand during the sale stays. sale_config.is_applied stays as it
--    was, so the same sale keeps showing, computed.
with gone as (
  select product_id, size, discount_price, applied_discount_price from sale_option_snapshots
)
update product_options o set discount_price = gone.discount_price
  from gone
 where o.product_id = gone.product_id and o.size = gone.size
   and o.discount_price is not distinct from gone.applied_discount_price
   and o.discount_price is distinct from gone.discount_price;

update products p
   set discount_price = case when p.discount_price is not distinct from x.applied_discount_price
                              and p.discount_price is distinct from x.discount_price
                             then case when x.discount_price < p.price then x.discount_price end
                             else p.discount_price end,
       version = p.version + 1
  from sale_price_snapshots x
 where p.id = x.product_id;

drop table sale_option_snapshots;
drop table sale_price_snapshots;

-- 2. The sale's rule in SQL (rules/sale-discount.ts salePriceOf in TypeScript): the entry's own discounted price
--    when the base is the price it was set on, else the percentage off the base, half up in cents, at least 0.01,
--    and never below the floor (docs/decisions.md, 'Money rules': the sale holds the price at the floor).
create or replace function sale_price_before_floor(original_price numeric, discount_percentage integer,
                                                    discounted_price numeric, base numeric) returns numeric
language sql immutable as $$
  select greatest(0.01, case when base = original_price then discounted_price
                             else round(base * (100 - discount_percentage) / 100.0, 2) end)::numeric(12,2)
$$;

create or replace function sale_price_of(original_price numeric, discount_percentage integer,
                                         discounted_price numeric, base numeric, floor numeric) returns numeric
language sql immutable as $$
  select greatest(floor, sale_price_before_floor(original_price, discount_percentage, discounted_price, base))
$$;

-- The lowest entitled discount price: the sale's where it is below the base price and below an own discount.
create or replace function sale_discount_of(own numeric, base numeric, sale numeric) returns numeric
language sql immutable as $$
  select case when sale < base and (own is null or sale < own) then sale else own end
$$;

-- A product's and an option's discount price with the sale on (their own when the product is not on sale).
create or replace function product_sale_discount(p products) returns numeric
language sql stable as $$
  select sale_discount_of(p.discount_price, p.price,
           (select sale_price_of(s.original_price, s.discount_percentage, s.discounted_price, p.price,
                                 coalesce(p.price_floor, p.wholesale_price, 0.01))
              from sale_products s where s.product_id = p.id))
$$;

create or replace function option_sale_discount(p products, o product_options) returns numeric
language sql stable as $$
  select sale_discount_of(o.discount_price, coalesce(o.price, p.price),
           (select sale_price_of(s.original_price, s.discount_percentage, s.discounted_price, coalesce(o.price, p.price),
                                 coalesce(p.price_floor, case when o.price > 0 then o.wholesale_price else p.wholesale_price end,
                                          0.01))
              from sale_products s where s.product_id = p.id))
$$;

-- Whether the sale is applied now: the one switch its start and end flip.
create or replace function sale_is_applied() returns boolean
language sql stable as $$
  select coalesce((select c.is_applied from sale_config c where c.id = 1), false)
$$;

-- The discount price charged now (single-product reads: orders, the cart, wholesale, stock alerts, staff).
create or replace function product_charged_discount(p products) returns numeric
language sql stable as $$
  select case when sale_is_applied() then product_sale_discount(p) else p.discount_price end
$$;

create or replace function option_charged_discount(p products, o product_options) returns numeric
language sql stable as $$
  select case when sale_is_applied() then option_sale_discount(p, o) else o.discount_price end
$$;

-- 3. The public answer with the sale on (migration 0021's, the discount prices through the functions above); the
--    two-argument form stays the answer without the sale.
create or replace function product_catalogue_json(p products, with_wholesale boolean, on_sale boolean) returns json
language sql stable as $$
  select json_object_agg(field.key, field.value order by field.position)
    from (values
      (1, 'id', to_json(p.id)),
      (2, '_id', to_json(p.id)),
      (3, 'customId', to_json(p.custom_id)),
      (4, 'name', to_json(p.name)),
      (5, 'short_description', to_json(p.short_description)),
      (6, 'description', to_json(p.description)),
      (7, 'price', to_json(p.price)),
      (8, 'discount_price', to_json(case when on_sale then product_sale_discount(p) else p.discount_price end)),
      (9, 'wholesale_price', to_json(p.wholesale_price)),
      (10, 'images', coalesce(
        (select json_agg(json_build_object('url', i.url, 'is_primary', i.is_primary) order by i.position, i.id)
           from product_images i where i.product_id = p.id), '[]'::json)),
      (11, 'categoryId', to_json(p.category_id)),
      (12, 'brandId', to_json(p.brand_id)),
      (13, 'category', to_json((select c.name from categories c where c.id = p.category_id))),
      (14, 'brand', to_json((select b.name from brands b where b.id = p.brand_id))),
      (15, 'has_sizes', to_json(p.has_sizes)),
      (16, 'sizes', coalesce(
        (select json_agg(o.size order by o.position, o.size)
           from product_options o where p.has_sizes and o.product_id = p.id), '[]'::json)),
      (17, 'size_stock', coalesce(
        (select json_agg(case when with_wholesale
                  then json_build_object('size', o.size, 'customId', o.custom_id, 'stock', o.stock, 'infinite', o.infinite,
                         'price', coalesce(o.price, p.price), 'discount_price', case when on_sale then option_sale_discount(p, o) else o.discount_price end,
                         'wholesale_price', o.wholesale_price, 'weight_kg', coalesce(o.weight_kg, p.weight_kg))
                  else json_build_object('size', o.size, 'customId', o.custom_id, 'stock', o.stock, 'infinite', o.infinite,
                         'price', coalesce(o.price, p.price), 'discount_price', case when on_sale then option_sale_discount(p, o) else o.discount_price end,
                         'weight_kg', coalesce(o.weight_kg, p.weight_kg))
                  end order by o.position, o.size)
           from product_options o where p.has_sizes and o.product_id = p.id), '[]'::json)),
      (18, 'stock', to_json(p.stock)),
      (19, 'infinite_stock', to_json(p.infinite_stock)),
      (20, 'featured', to_json(p.featured)),
      (21, 'recommended', to_json(p.recommended)),
      (22, 'specifications', p.specifications::json),
      (23, 'created_at', to_json(to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
      (24, 'updated_at', to_json(to_char(p.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
      (25, 'unit', to_json(p.unit)),
      (26, 'no_line_limit', to_json(p.no_line_limit)),
      (27, 'weight_kg', to_json(p.weight_kg))
    ) as field(position, key, value)
   where with_wholesale or field.key <> 'wholesale_price'
$$;

create or replace function product_catalogue_json(p products, with_wholesale boolean) returns json
language sql stable as $$
  select product_catalogue_json(p, with_wholesale, false)
$$;

-- 4. The second set of precomputed columns, for "sale on". sale_effective_price and sale_is_discounted always hold
--    a value (the plain one for a product not on sale), since the store's orders sort by them; the two answers are
--    null for a product not on sale, and a read falls back to the plain ones (no second copy of 100,000 answers).
--    sale_held_at_floor: the sale's price of the product or of an option is below its floor ('Money rules': the sale
--    holds it there and its start names these products), kept here so that the start reads only those products.
alter table products add column sale_effective_price numeric(12,2);
alter table products add column sale_held_at_floor boolean not null default false;
alter table products add column sale_is_discounted boolean;
alter table products add column sale_catalogue_json json;
alter table products add column sale_card_json json;

create or replace function products_catalogue_state() returns trigger
language plpgsql as $$
declare
  own_price numeric(12,2) := coalesce(new.discount_price, new.price);
  -- A product being inserted has no sale entry yet (its foreign key needs the product first).
  is_on_sale boolean := tg_op = 'UPDATE' and exists (select 1 from sale_products s where s.product_id = new.id);
  sale_own_discount numeric(12,2);
  sale_own_price numeric(12,2);
  option_available boolean;
  option_price numeric(12,2);
  option_discounted boolean;
  option_sale_price numeric(12,2);
  option_sale_discounted boolean;
begin
  if is_on_sale then
    sale_own_discount := product_sale_discount(new);
    sale_own_price := coalesce(sale_own_discount, new.price);
    select sale_price_before_floor(s.original_price, s.discount_percentage, s.discounted_price, new.price)
             < coalesce(new.price_floor, new.wholesale_price, 0.01)
           or (new.has_sizes and exists (
                 select 1 from product_options o
                  where o.product_id = new.id
                    and sale_price_before_floor(s.original_price, s.discount_percentage, s.discounted_price,
                                                coalesce(o.price, new.price))
                        < coalesce(new.price_floor, case when o.price > 0 then o.wholesale_price else new.wholesale_price end,
                                   0.01)))
      into new.sale_held_at_floor
      from sale_products s where s.product_id = new.id;
  else
    new.sale_held_at_floor := false;
  end if;
  if new.has_sizes and tg_op = 'UPDATE' then
    select coalesce(bool_or(o.infinite or o.stock > 0), false),
           min(coalesce(o.discount_price, o.price, own_price)),
           coalesce(bool_or(o.discount_price is not null), false),
           case when is_on_sale then min(coalesce(option_sale_discount(new, o), o.price, sale_own_price)) end,
           case when is_on_sale then coalesce(bool_or(option_sale_discount(new, o) is not null), false) end
      into option_available, option_price, option_discounted, option_sale_price, option_sale_discounted
      from product_options o
     where o.product_id = new.id;
    new.is_available := option_available;
    new.effective_price := coalesce(option_price, own_price);
    new.is_discounted := option_discounted or new.discount_price is not null;
    if is_on_sale then
      new.sale_effective_price := coalesce(option_sale_price, sale_own_price);
      new.sale_is_discounted := option_sale_discounted or sale_own_discount is not null;
    end if;
  elsif new.has_sizes then
    new.is_available := false;
    new.effective_price := own_price;
    new.is_discounted := new.discount_price is not null;
  else
    new.is_available := new.infinite_stock or new.stock > 0;
    new.effective_price := own_price;
    new.is_discounted := new.discount_price is not null;
    if is_on_sale then
      new.sale_effective_price := sale_own_price;
      new.sale_is_discounted := sale_own_discount is not null;
    end if;
  end if;
  new.catalogue_json := product_catalogue_json(new, false);
  new.card_json := product_card_json(new.catalogue_json, new.is_available);
  if is_on_sale then
    new.sale_catalogue_json := product_catalogue_json(new, false, true);
    new.sale_card_json := product_card_json(new.sale_catalogue_json, new.is_available);
  else
    new.sale_effective_price := new.effective_price;
    new.sale_is_discounted := new.is_discounted;
    new.sale_catalogue_json := null;
    new.sale_card_json := null;
  end if;
  return new;
end $$;

-- A product's sale entry is part of its "sale on" columns: adding, changing or removing it restates that product
-- (only it: the cost of a product joining a running sale is one product's).
create or replace function sale_products_restate() returns trigger
language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update products set updated_at = updated_at where id = old.product_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    update products set updated_at = updated_at where id = new.product_id;
  end if;
  return null;
end $$;
create trigger sale_products_restate after insert or update or delete on sale_products
  for each row execute function sale_products_restate();

-- 5. Filled in: the plain values for every product, then the products on sale restated by the trigger.
alter table products disable trigger products_catalogue_state;
update products set sale_effective_price = effective_price, sale_is_discounted = is_discounted;
alter table products enable trigger products_catalogue_state;
update products set updated_at = updated_at where id in (select product_id from sale_products);

-- 6. The store's orders with the sale on, index for index as migration 0004's.
create index products_sale_order_recommended on products
  (is_available desc, recommended desc, sale_is_discounted desc, name collate "und-x-icu", id);
create index products_sale_order_price_asc on products
  (is_available desc, sale_effective_price, name collate "und-x-icu", id);
create index products_sale_order_price_desc on products
  (is_available desc, sale_effective_price desc, name collate "und-x-icu", id);
create index products_category_sale_order_recommended on products
  (category_id, is_available desc, recommended desc, sale_is_discounted desc, name collate "und-x-icu", id);
create index products_category_sale_order_price_asc on products
  (category_id, is_available desc, sale_effective_price, name collate "und-x-icu", id);
create index products_category_sale_order_price_desc on products
  (category_id, is_available desc, sale_effective_price desc, name collate "und-x-icu", id);
create index products_sale_held_at_floor on products (id) where sale_held_at_floor;
