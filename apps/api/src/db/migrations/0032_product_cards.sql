-- docs/decisions.md, 'A lean store list': the store grid asks for what a card shows (GET /api/products?view=card).
-- Each product keeps its card as the public catalogue answer keeps the whole product (migration 0004): built by
-- the same trigger, from the answer it has just built, so the two never disagree. A wholesale viewer's card adds
-- the wholesale price at read time, as the whole answer does.
alter table products add column card_json json;

-- The card from the product's public answer: the primary image only (else the first), availability as one flag.
-- Written as compact JSON text (json_build_object would put ' : ' between every key and value).
create or replace function product_card_json(catalogue json, is_available boolean) returns json
language sql immutable as $$
  select ('{"id":' || coalesce((catalogue->'id')::text, 'null')
    || ',"customId":' || coalesce((catalogue->'customId')::text, 'null')
    || ',"name":' || coalesce((catalogue->'name')::text, 'null')
    || ',"brand":' || coalesce((catalogue->'brand')::text, 'null')
    || ',"short_description":' || coalesce((catalogue->'short_description')::text, 'null')
    || ',"images":' || coalesce((
         select '[{"url":' || (i.value->'url')::text || ',"is_primary":' || (i.value->'is_primary')::text || '}]'
           from json_array_elements(catalogue->'images') with ordinality as i(value, position)
          order by (i.value->>'is_primary')::boolean desc, i.position limit 1), '[]')
    || ',"price":' || coalesce((catalogue->'price')::text, 'null')
    || ',"discount_price":' || coalesce((catalogue->'discount_price')::text, 'null')
    || ',"has_sizes":' || coalesce((catalogue->'has_sizes')::text, 'null')
    || ',"is_available":' || is_available::text
    || ',"unit":' || coalesce((catalogue->'unit')::text, 'null')
    || '}')::json
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
  new.card_json := product_card_json(new.catalogue_json, new.is_available);
  return new;
end $$;

update products set card_json = product_card_json(catalogue_json, is_available);
