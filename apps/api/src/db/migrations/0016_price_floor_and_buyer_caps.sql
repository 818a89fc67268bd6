-- docs/decisions.md, 'Money rules': the owner's floor under every price of a product. Null means the
-- default, the wholesale price where one exists (rules/price-floor.ts). Existing rows keep null, so the
-- migration never fails on them; a saved price below its default floor is refused at the product's next
-- save, naming the floor, and a sale holds it at the floor when it applies.
alter table products add column price_floor numeric(12,2) check (price_floor is null or price_floor > 0);

-- docs/decisions.md, 'Order limits and suspicious orders': how many pieces of this product one buyer
-- (address, e-mail or phone) may order a day; null means the shop-wide setting
-- (settings.order_limits.maxPerProductPerBuyerPerDay).
alter table products add column max_per_buyer_per_day integer
  check (max_per_buyer_per_day is null or max_per_buyer_per_day > 0);
