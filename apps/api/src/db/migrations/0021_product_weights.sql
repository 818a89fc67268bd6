-- docs/decisions.md, 'Product weights and shipping by weight': a product and each option weigh so many kg
-- (null: not known yet); an option without its own weight weighs what its product does. The order keeps the
-- parcel's weight and each line its unit weight at ordering, so the packing slip of an old order does not change.
alter table products add column weight_kg numeric(10,3) check (weight_kg >= 0);
alter table product_options add column weight_kg numeric(10,3) check (weight_kg >= 0);
alter table orders add column weight_kg numeric(10,3);
alter table order_items add column weight_kg numeric(10,3);

-- The public product answer (migration 0020) gains the weight; an option without its own weight has the product's.
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
                         'wholesale_price', o.wholesale_price, 'weight_kg', coalesce(o.weight_kg, p.weight_kg))
                  else json_build_object('size', o.size, 'customId', o.custom_id, 'stock', o.stock, 'infinite', o.infinite,
                         'price', coalesce(o.price, p.price), 'discount_price', o.discount_price,
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

-- Rebuild every stored answer through the trigger of migration 0004.
update products set updated_at = updated_at;
