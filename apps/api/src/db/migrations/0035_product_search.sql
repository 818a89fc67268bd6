-- docs/decisions.md, 'Search that ranks only what it shows': what a search reads of every match, in a narrow
-- table of its own. A product row is about 2.7 KB (its stored answers, descriptions, search texts), so at 100,000
-- products the table is far larger than PostgreSQL's buffers, and a search of 1,000 matches read 1,000 of its
-- pages for a category, a brand and a flag each. Here a row is the product's search vector, folded name and codes,
-- and the filters and order a search needs: the matches of a large catalogue stay in memory.
create table product_search (
  id uuid primary key references products (id) on delete cascade,
  category_id uuid not null,
  brand_id uuid,
  is_available boolean not null,
  featured boolean not null,
  search_name text not null,
  search_codes text not null,
  search_vector tsvector not null
);
create index product_search_vector on product_search using gin (search_vector);
create index product_search_codes on product_search using gin (search_codes gin_trgm_ops);
-- A search may name a product by the start of its id (customer-side.md §9).
create index product_search_id_text on product_search ((id::text) text_pattern_ops);

-- Kept by the products' own writes. Stock changes that leave availability alone write nothing here.
create or replace function product_search_kept() returns trigger
language plpgsql as $$
begin
  insert into product_search as s
         (id, category_id, brand_id, is_available, featured, search_name, search_codes, search_vector)
  values (new.id, new.category_id, new.brand_id, new.is_available, new.featured, new.search_name, new.search_codes,
          new.search_vector)
  on conflict (id) do update
     set category_id = excluded.category_id, brand_id = excluded.brand_id, is_available = excluded.is_available,
         featured = excluded.featured, search_name = excluded.search_name, search_codes = excluded.search_codes,
         search_vector = excluded.search_vector;
  return null;
end $$;
create trigger product_search_inserted after insert on products
  for each row execute function product_search_kept();
create trigger product_search_updated after update on products
  for each row
  when (old.category_id is distinct from new.category_id or old.brand_id is distinct from new.brand_id
        or old.is_available is distinct from new.is_available or old.featured is distinct from new.featured
        or old.search_name is distinct from new.search_name or old.search_codes is distinct from new.search_codes
        or old.search_vector is distinct from new.search_vector)
  execute function product_search_kept();

insert into product_search (id, category_id, brand_id, is_available, featured, search_name, search_codes, search_vector)
select id, category_id, brand_id, is_available, featured, search_name, search_codes, search_vector from products;
