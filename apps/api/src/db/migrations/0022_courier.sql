-- docs/decisions.md, 'Courier hand-off, tracking and payouts': the courier's tracking number and its
-- link (made from the courier's pattern when the number is set), and the day the courier paid the
-- cash on delivery out to the shop, with the amount paid.
alter table orders add column tracking_number text not null default '';
alter table orders add column tracking_url text not null default '';
alter table orders add column paid_at date;
alter table orders add column paid_amount numeric(12,2);
-- Payout files name an order by its document number or by its tracking number.
create index orders_tracking_number on orders (upper(tracking_number)) where tracking_number <> '';
