-- docs/decisions.md, 'Order limits and suspicious orders': what one order and one client may take, and the orders
-- staff should look at. The client's network address is kept with the order (for the hourly count per address and for
-- staff judging a suspicious order); suspicion_reasons holds why an order was flagged ('{}' = not).
alter table orders add column client_address text;
alter table orders add column suspicion_reasons text[] not null default '{}';
create index orders_client_address on orders (client_address, created_at desc) where client_address is not null;
create index orders_suspicious on orders (created_at desc) where suspicion_reasons <> '{}';

-- The defaults of packages/shared/src/rules/order-limits.ts; staff change them at /admin/orders/limits.
insert into settings (key, value) values (
  'order_limits',
  '{"maxQuantityPerLine": 50, "maxLinesPerOrder": 30, "maxOrderTotalGuest": 3000, "maxOrderTotalCustomer": 5000, "maxOrdersPerAddressPerHour": 10, "maxOrdersPerEmailPerHour": 5}'
) on conflict (key) do nothing;
