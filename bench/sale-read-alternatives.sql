\pset pager off
\echo precomputed order (effective_price, index)
explain (analyze, timing off, summary on) select id from products order by is_available desc, effective_price, name collate "und-x-icu", id limit 30;
explain (analyze, timing off, summary on) select id from products order by is_available desc, effective_price, name collate "und-x-icu", id limit 30;
\echo read-time join of sale_products, price order
explain (analyze, timing off, summary on) select p.id from products p left join sale_products s on s.product_id = p.id cross join (select is_applied from sale_config where id = 1) c
 order by p.is_available desc,
  case when c.is_applied and s.product_id is not null
       then least(p.effective_price, greatest(coalesce(p.price_floor, p.wholesale_price, 0.01), round(p.price * (100 - s.discount_percentage) / 100.0, 2)))
       else p.effective_price end, p.name collate "und-x-icu", p.id limit 30;
explain (analyze, timing off, summary on) select p.id from products p left join sale_products s on s.product_id = p.id cross join (select is_applied from sale_config where id = 1) c
 order by p.is_available desc,
  case when c.is_applied and s.product_id is not null
       then least(p.effective_price, greatest(coalesce(p.price_floor, p.wholesale_price, 0.01), round(p.price * (100 - s.discount_percentage) / 100.0, 2)))
       else p.effective_price end, p.name collate "und-x-icu", p.id limit 30;
\echo one product catalogue JSON built again, 10000 products (the second precomputed set a write would add)
explain (analyze, timing off, summary on) select sum(length(product_catalogue_json(p, false)::text)) from (select * from products order by id limit 10000) p;
\echo the switch of the designed model: one row
begin;
explain (analyze, timing off, summary on) update sale_config set is_applied = not is_applied where id = 1;
rollback;
