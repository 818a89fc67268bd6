-- docs/decisions.md, 'Units of measure and lines without a limit': a product is sold by the piece (kom), metre,
-- square metre, kilogram, litre or pack; staff may exempt it from the per-line quantity limit (cable by the metre).
alter table products
  add column unit text not null default 'kom' check (unit in ('kom', 'm', 'm²', 'kg', 'l', 'pak')),
  add column no_line_limit boolean not null default false;

-- The unit an order line was sold in: a later change of the product does not rewrite old orders or invoices.
alter table order_items add column unit text not null default 'kom';

-- The public product answer (migration 0004) gains the unit and the exemption.
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
      (24, 'updated_at', to_json(to_char(p.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
      (25, 'unit', to_json(p.unit)),
      (26, 'no_line_limit', to_json(p.no_line_limit))
    ) as field(position, key, value)
   where with_wholesale or field.key <> 'wholesale_price'
$$;

-- Rebuild every stored answer through the trigger of migration 0004.
update products set updated_at = updated_at;
