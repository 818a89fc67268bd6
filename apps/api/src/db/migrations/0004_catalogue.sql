-- Catalogue reads (docs/decisions.md, 'Storefront'): what the store sorts and counts by, kept by triggers so
-- that every writer (staff pages, orders, seed, imports) keeps it right without knowing of it.

-- Derived per product (customer-side.md §4 Stock, §9 sorts):
--   is_available    without sizes: infinite or stock > 0; with sizes: some option infinite or > 0
--   effective_price discount_price else price; with sizes the cheapest option's
--                   (option discount, else option price, else the product's own)
--   is_discounted   a discount on the product or on any option
--   catalogue_json  the product as the public API answers it (product_catalogue_json below), so
--                   that a page of the store is 30 stored strings, not 30 JSON constructions
alter table products
  add column is_available boolean not null default false,
  add column is_discounted boolean not null default false,
  add column effective_price numeric(12,2) not null default 0,
  add column catalogue_json json;

-- The product with the specification's field names (customer-side.md §3 Product). The one place
-- that decides about wholesale prices: they are included only when with_wholesale is true, which
-- the API passes only for wholesale, store_manager and admin readers (customer-side.md §6).
-- An option without its own price sells at the product's price.
create or replace function product_catalogue_json(p products, with_wholesale boolean) returns json
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
      (8, 'discount_price', to_json(p.discount_price)),
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
                         'price', coalesce(o.price, p.price), 'discount_price', o.discount_price,
                         'wholesale_price', o.wholesale_price)
                  else json_build_object('size', o.size, 'customId', o.custom_id, 'stock', o.stock, 'infinite', o.infinite,
                         'price', coalesce(o.price, p.price), 'discount_price', o.discount_price)
                  end order by o.position, o.size)
           from product_options o where p.has_sizes and o.product_id = p.id), '[]'::json)),
      (18, 'stock', to_json(p.stock)),
      (19, 'infinite_stock', to_json(p.infinite_stock)),
      (20, 'featured', to_json(p.featured)),
      (21, 'recommended', to_json(p.recommended)),
      (22, 'specifications', p.specifications::json),
      (23, 'created_at', to_json(to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
      (24, 'updated_at', to_json(to_char(p.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
    ) as field(position, key, value)
   where with_wholesale or field.key <> 'wholesale_price'
$$;

create or replace function products_catalogue_state() returns trigger
language plpgsql as $$
declare
  own_price numeric(12,2) := coalesce(new.discount_price, new.price);
  option_available boolean;
  option_price numeric(12,2);
  option_discounted boolean;
begin
  if new.has_sizes then
    select coalesce(bool_or(o.infinite or o.stock > 0), false),
           min(coalesce(o.discount_price, o.price, own_price)),
           coalesce(bool_or(o.discount_price is not null), false)
      into option_available, option_price, option_discounted
      from product_options o
     where o.product_id = new.id;
    new.is_available := option_available;
    new.effective_price := coalesce(option_price, own_price);
    new.is_discounted := option_discounted or new.discount_price is not null;
  else
    new.is_available := new.infinite_stock or new.stock > 0;
    new.effective_price := own_price;
    new.is_discounted := new.discount_price is not null;
  end if;
  new.catalogue_json := product_catalogue_json(new, false);
  return new;
end $$;
create trigger products_catalogue_state before insert or update on products
  for each row execute function products_catalogue_state();

-- Whatever a product's answer shows must touch the product row, so that the trigger above runs:
-- option inserts and deletes already do (0001's product_options_fold); option stock, prices and
-- order, images, and the names of categories and brands do it here.
create or replace function product_options_restate() returns trigger
language plpgsql as $$
begin
  update products set updated_at = updated_at where id in (old.product_id, new.product_id);
  return null;
end $$;
create trigger product_options_restate
  after update of stock, infinite, price, discount_price, wholesale_price, position, product_id
  on product_options for each row execute function product_options_restate();

create or replace function product_images_restate() returns trigger
language plpgsql as $$
begin
  update products set updated_at = updated_at where id in (select product_id from changed_rows);
  return null;
end $$;
create or replace function product_images_moved() returns trigger
language plpgsql as $$
begin
  update products set updated_at = updated_at
   where id in (select product_id from changed_rows union select product_id from previous_rows);
  return null;
end $$;
create trigger product_images_inserted after insert on product_images
  referencing new table as changed_rows for each statement execute function product_images_restate();
create trigger product_images_deleted after delete on product_images
  referencing old table as changed_rows for each statement execute function product_images_restate();
create trigger product_images_updated after update on product_images
  referencing old table as previous_rows new table as changed_rows
  for each statement execute function product_images_moved();

create or replace function categories_restate_products() returns trigger
language plpgsql as $$
begin
  update products set updated_at = updated_at where category_id = new.id;
  return null;
end $$;
create trigger categories_restate_products after update of name on categories
  for each row when (old.name is distinct from new.name) execute function categories_restate_products();

create or replace function brands_restate_products() returns trigger
language plpgsql as $$
begin
  update products set updated_at = updated_at where brand_id = new.id;
  return null;
end $$;
create trigger brands_restate_products after update of name on brands
  for each row when (old.name is distinct from new.name) execute function brands_restate_products();

update products set updated_at = updated_at;

-- Products per (category, brand), per category and per brand: the store's counts without a search
-- are read from these small tables instead of scanning products. Rows that reach 0 stay (bounded
-- by categories × brands) and are filtered when read.
create table product_facet_counts (
  category_id uuid not null,
  brand_id uuid,
  product_count integer not null,
  constraint product_facet_counts_pair unique nulls not distinct (category_id, brand_id)
);
create index product_facet_counts_brand on product_facet_counts (brand_id);
create table product_category_totals (category_id uuid primary key, product_count integer not null);
create table product_brand_totals (brand_id uuid primary key, product_count integer not null);

-- Adds signed counts per (category, brand) to the three tables.
create or replace function product_facets_apply(category_ids uuid[], brand_ids uuid[], deltas integer[]) returns void
language sql as $$
  insert into product_facet_counts as counts (category_id, brand_id, product_count)
  select category_id, brand_id, delta from unnest(category_ids, brand_ids, deltas) as change(category_id, brand_id, delta)
  on conflict (category_id, brand_id) do update set product_count = counts.product_count + excluded.product_count;
  insert into product_category_totals as totals (category_id, product_count)
  select category_id, sum(delta) from unnest(category_ids, deltas) as change(category_id, delta) group by 1
  on conflict (category_id) do update set product_count = totals.product_count + excluded.product_count;
  insert into product_brand_totals as totals (brand_id, product_count)
  select brand_id, sum(delta) from unnest(brand_ids, deltas) as change(brand_id, delta) where brand_id is not null group by 1
  on conflict (brand_id) do update set product_count = totals.product_count + excluded.product_count;
$$;

create or replace function product_facets_inserted() returns trigger
language plpgsql as $$
begin
  perform product_facets_apply(array_agg(category_id), array_agg(brand_id), array_agg(delta))
     from (select category_id, brand_id, count(*)::integer as delta from inserted_rows group by 1, 2) changes
   having count(*) > 0;
  return null;
end $$;

create or replace function product_facets_deleted() returns trigger
language plpgsql as $$
begin
  perform product_facets_apply(array_agg(category_id), array_agg(brand_id), array_agg(delta))
     from (select category_id, brand_id, -count(*)::integer as delta from deleted_rows group by 1, 2) changes
   having count(*) > 0;
  return null;
end $$;

-- Every update statement on products passes here (transition tables allow no column list);
-- only moves between categories or brands change a count, so stock updates write nothing.
create or replace function product_facets_updated() returns trigger
language plpgsql as $$
begin
  perform product_facets_apply(array_agg(category_id), array_agg(brand_id), array_agg(delta))
     from (select category_id, brand_id, sum(delta)::integer as delta
             from (select o.category_id, o.brand_id, -1 as delta, n.category_id as new_category_id, n.brand_id as new_brand_id
                     from deleted_rows o join inserted_rows n on n.id = o.id
                   union all
                   select n.category_id, n.brand_id, 1, o.category_id, o.brand_id
                     from deleted_rows o join inserted_rows n on n.id = o.id) moves
            where category_id <> new_category_id or brand_id is distinct from new_brand_id
            group by 1, 2
           having sum(delta) <> 0) changes
   having count(*) > 0;
  return null;
end $$;

create or replace function product_facets_truncated() returns trigger
language plpgsql as $$
begin
  delete from product_facet_counts;
  delete from product_category_totals;
  delete from product_brand_totals;
  return null;
end $$;

create trigger product_facets_inserted after insert on products
  referencing new table as inserted_rows for each statement execute function product_facets_inserted();
create trigger product_facets_deleted after delete on products
  referencing old table as deleted_rows for each statement execute function product_facets_deleted();
create trigger product_facets_updated after update on products
  referencing old table as deleted_rows new table as inserted_rows
  for each statement execute function product_facets_updated();
create trigger product_facets_truncated after truncate on products
  for each statement execute function product_facets_truncated();

select product_facets_apply(array_agg(category_id), array_agg(brand_id), array_agg(delta))
  from (select category_id, brand_id, count(*)::integer as delta from products group by 1, 2) changes
having count(*) > 0;

-- Search (customer-side.md §9, ARCHITECTURE: Data/Search). Trigram rechecks of long texts cost
-- about 8 µs a row, too slow at 100,000 products, so a query is matched in three steps:
--   1. each query word is widened to the shop's own words that are close to it (pg_trgm on the
--      small search_words dictionary): similarity >= 0.5 catches typos ('buslica' -> 'busilica'),
--      word_similarity >= 0.6 catches beginnings of words ('busil' -> 'busilica');
--   2. products are found by those words in one weighted tsvector (GIN, exact, no recheck):
--      A = name and codes (weight 2), B = option labels (1.5), C = short description (1),
--      D = description (0.8);
--   3. parts of codes are found with LIKE on the trigram index of search_codes.
alter table products add column search_vector tsvector generated always as (
  setweight(to_tsvector('simple'::regconfig, search_name || ' ' || search_codes), 'A') ||
  setweight(to_tsvector('simple'::regconfig, search_options), 'B') ||
  setweight(to_tsvector('simple'::regconfig, search_short), 'C') ||
  setweight(to_tsvector('simple'::regconfig, search_description), 'D')) stored;
create index products_search_vector on products using gin (search_vector);

-- Words without digits (codes and sizes are matched exactly or by LIKE). Words of deleted
-- products stay: a stale word only widens a query to a word that finds nothing.
create table search_words (word text primary key);
create index search_words_trigram on search_words using gin (word gin_trgm_ops);

create or replace function search_words_inserted() returns trigger
language plpgsql as $$
begin
  insert into search_words (word)
  select distinct lexeme from inserted_rows, unnest(search_vector)
   where length(lexeme) >= 3 and lexeme !~ '[0-9]'
  on conflict do nothing;
  return null;
end $$;

create or replace function search_words_updated() returns trigger
language plpgsql as $$
begin
  insert into search_words (word)
  select distinct lexeme
    from inserted_rows n join deleted_rows o on o.id = n.id, unnest(n.search_vector)
   where n.search_vector is distinct from o.search_vector and length(lexeme) >= 3 and lexeme !~ '[0-9]'
  on conflict do nothing;
  return null;
end $$;

create trigger search_words_inserted after insert on products
  referencing new table as inserted_rows for each statement execute function search_words_inserted();
create trigger search_words_updated after update on products
  referencing old table as deleted_rows new table as inserted_rows
  for each statement execute function search_words_updated();

insert into search_words (word)
select distinct lexeme from products, unnest(search_vector)
 where length(lexeme) >= 3 and lexeme !~ '[0-9]'
on conflict do nothing;

-- One index per store order, globally and within a category, so that a page is read in order
-- from an index instead of sorting thousands of rows under the ICU collation.
create index products_order_recommended on products
  (is_available desc, recommended desc, is_discounted desc, name collate "und-x-icu", id);
create index products_order_name_asc on products (is_available desc, name collate "und-x-icu", id);
create index products_order_name_desc on products (is_available desc, name collate "und-x-icu" desc, id desc);
create index products_order_price_asc on products (is_available desc, effective_price, name collate "und-x-icu", id);
create index products_order_price_desc on products (is_available desc, effective_price desc, name collate "und-x-icu", id);
create index products_category_order_recommended on products
  (category_id, is_available desc, recommended desc, is_discounted desc, name collate "und-x-icu", id);
create index products_category_order_name_asc on products (category_id, is_available desc, name collate "und-x-icu", id);
create index products_category_order_name_desc on products
  (category_id, is_available desc, name collate "und-x-icu" desc, id desc);
create index products_category_order_price_asc on products
  (category_id, is_available desc, effective_price, name collate "und-x-icu", id);
create index products_category_order_price_desc on products
  (category_id, is_available desc, effective_price desc, name collate "und-x-icu", id);
create index products_featured on products (category_id) where featured;
-- A search may name a product by the start of its id (customer-side.md §9).
create index products_id_text on products ((id::text) text_pattern_ops);
