-- docs/decisions.md ('Complaints and returns'), 'Complaints and returns': a buyer's complaint (reklamacija) or return (povrat)
-- of delivered lines of one order, handled by staff requested → approved → received → refunded or replaced,
-- or rejected with a reason. The order's lines are referenced, so a claimed quantity is summed per line.
create table returns (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references orders(id) on delete cascade,
  reason text not null check (reason in ('damaged', 'wrong_product', 'does_not_fit', 'other')),
  description text not null,
  -- [{url, width, height}] of the stored photos (at most three, platform/images.ts).
  photos jsonb not null default '[]'::jsonb,
  status text not null default 'requested'
    check (status in ('requested', 'approved', 'received', 'refunded', 'replaced', 'rejected')),
  rejection_reason text,
  -- Set once, in the transaction that put the goods back on the shelf: a second 'received' finds it set.
  stock_returned_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index returns_order on returns (order_id);
create index returns_status_created on returns (status, created_at desc);

create table return_lines (
  return_id uuid not null references returns(id) on delete cascade,
  order_item_id uuid not null references order_items(id) on delete cascade,
  quantity integer not null check (quantity > 0),
  primary key (return_id, order_item_id)
);
create index return_lines_item on return_lines (order_item_id);

-- Each step with its time, shown to the buyer on the order page and to staff.
create table return_status_history (
  id bigserial primary key,
  return_id uuid not null references returns(id) on delete cascade,
  status text not null,
  note text,
  changed_at timestamptz not null default now()
);
create index return_status_history_return on return_status_history (return_id, id);
