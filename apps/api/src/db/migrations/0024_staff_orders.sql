-- docs/decisions.md, 'Orders entered by staff': where an order came from. The shop's own checkout is
-- 'web'; staff enter orders that arrived by phone, Viber, e-mail or at the counter ('trgovina').
alter table orders
  add column source text not null default 'web' check (source in ('web', 'telefon', 'viber', 'email', 'trgovina'));

-- The list and the statistics filter by source; shop orders are by far the most, so only the others are indexed.
create index orders_source_idx on orders (source, created_at) where source <> 'web';

-- A staff line may carry a discount in whole percent (1-99) with its reason; the line's price is the
-- price charged after it (the discount is already in it), so totals, invoices and statistics need no change.
alter table order_items
  add column discount_percent smallint check (discount_percent between 1 and 99),
  add column discount_reason text,
  add constraint order_items_discount_reason check ((discount_percent is null) = (discount_reason is null));
