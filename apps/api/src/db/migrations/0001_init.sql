-- The whole data model of the shop. Runs on PGlite (PostgreSQL 18) and PostgreSQL 15.
create extension if not exists pg_trgm;
create extension if not exists unaccent;
create extension if not exists citext;

-- Search folding (ARCHITECTURE: Data/Search): lower case, accents removed, đ -> dj.
-- Wrapping unaccent with an explicit dictionary makes it safe to declare immutable.
create or replace function shop_fold(value text) returns text
language sql immutable parallel safe as $$
  select lower(public.unaccent('public.unaccent'::regdictionary,
    replace(replace(coalesce(value, ''), 'đ', 'dj'), 'Đ', 'Dj')))
$$;

create table users (
  id uuid primary key default gen_random_uuid(),
  email citext not null unique,
  password_hash text not null,
  roles text[] not null default '{user}',
  is_verified boolean not null default false,
  is_disabled boolean not null default false,
  token_version integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table profiles (
  user_id uuid primary key references users(id) on delete cascade,
  full_name text not null default '',
  phone_number text,
  street_address text,
  city text,
  state text,
  zip_code text,
  country text not null default 'Bosna i Hercegovina',
  gender text check (gender in ('male', 'female', 'other')),
  date_of_birth date,
  newsletter_subscription boolean not null default false,
  updated_at timestamptz not null default now()
);

-- One-time tokens for e-mail verification and password reset; only a hash is stored.
create table user_tokens (
  token_hash text primary key,
  user_id uuid not null references users(id) on delete cascade,
  purpose text not null check (purpose in ('verify_email', 'reset_password')),
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index user_tokens_user on user_tokens (user_id, purpose);

create table sign_in_attempts (
  id bigserial primary key,
  email citext not null,
  ip text not null,
  succeeded boolean not null,
  created_at timestamptz not null default now()
);
create index sign_in_attempts_email on sign_in_attempts (email, created_at);
create index sign_in_attempts_ip on sign_in_attempts (ip, created_at);

create table categories (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  description text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table brands (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  description text,
  image_url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table products (
  id uuid primary key default gen_random_uuid(),
  custom_id text not null unique,
  name text not null,
  short_description text,
  description text,
  price numeric(12,2) not null check (price > 0),
  discount_price numeric(12,2) check (discount_price > 0 and discount_price < price),
  wholesale_price numeric(12,2) check (wholesale_price > 0 and wholesale_price < price),
  category_id uuid not null references categories(id),
  brand_id uuid references brands(id) on delete set null,
  stock integer not null default 0 check (stock >= 0),
  infinite_stock boolean not null default false,
  has_sizes boolean not null default false,
  featured boolean not null default false,
  recommended boolean not null default false,
  specifications jsonb not null default '[]',
  -- Folded search fields, kept by triggers below so that no writer can forget them.
  search_name text not null default '',
  search_codes text not null default '',
  search_options text not null default '',
  search_short text not null default '',
  search_description text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index products_category on products (category_id);
create index products_brand on products (brand_id);
create index products_name on products (name collate "und-x-icu");
create index products_search_name on products using gin (search_name gin_trgm_ops);
create index products_search_codes on products using gin (search_codes gin_trgm_ops);
create index products_search_options on products using gin (search_options gin_trgm_ops);
create index products_search_short on products using gin (search_short gin_trgm_ops);
create index products_search_description on products using gin (search_description gin_trgm_ops);

create table product_images (
  id uuid primary key default gen_random_uuid(),
  product_id uuid not null references products(id) on delete cascade,
  url text not null,
  is_primary boolean not null default false,
  position integer not null default 0
);
create index product_images_product on product_images (product_id, position);

-- Options ('sizes' in the API): each with its own code, stock and prices.
create table product_options (
  id uuid primary key default gen_random_uuid(),
  product_id uuid not null references products(id) on delete cascade,
  position integer not null default 0,
  size text not null,
  custom_id text,
  stock integer not null default 0 check (stock >= 0),
  infinite boolean not null default false,
  price numeric(12,2) check (price > 0),
  discount_price numeric(12,2) check (discount_price > 0),
  wholesale_price numeric(12,2) check (wholesale_price > 0),
  unique (product_id, size)
);
create index product_options_product on product_options (product_id, position);

create or replace function products_fold_own_fields() returns trigger
language plpgsql as $$
begin
  new.search_name := shop_fold(new.name);
  new.search_short := shop_fold(new.short_description);
  new.search_description := shop_fold(new.description);
  new.search_codes := trim(shop_fold(new.custom_id) || ' ' || coalesce(
    (select string_agg(shop_fold(o.custom_id), ' ') from product_options o where o.product_id = new.id), ''));
  new.search_options := coalesce(
    (select string_agg(shop_fold(o.size), ' ') from product_options o where o.product_id = new.id), '');
  return new;
end $$;
create trigger products_fold before insert or update of name, short_description, description, custom_id
  on products for each row execute function products_fold_own_fields();

create or replace function product_options_refold() returns trigger
language plpgsql as $$
begin
  update products set custom_id = custom_id
   where id = coalesce(new.product_id, old.product_id);
  return null;
end $$;
create trigger product_options_fold after insert or delete or update of size, custom_id
  on product_options for each row execute function product_options_refold();

create table slides (
  id uuid primary key default gen_random_uuid(),
  title text not null default '',
  description text,
  image_url text not null,
  mobile_image_url text,
  link text,
  category_id uuid references categories(id) on delete set null,
  is_active boolean not null default true,
  sort_order integer not null default 0 check (sort_order >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table sale_config (
  id integer primary key default 1 check (id = 1),
  is_active boolean not null default false,
  start_date timestamptz,
  end_date timestamptz,
  title text not null default '',
  description text not null default '',
  -- Whether the sale's discounts are currently written into product prices.
  is_applied boolean not null default false,
  updated_at timestamptz not null default now()
);

create table sale_products (
  id uuid primary key default gen_random_uuid(),
  product_id uuid not null unique references products(id) on delete cascade,
  original_price numeric(12,2) not null,
  discount_percentage integer not null check (discount_percentage between 1 and 100),
  discounted_price numeric(12,2) not null,
  created_at timestamptz not null default now()
);

-- Settings objects (shipping, company facts), each one JSON document under a key.
create table settings (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now()
);

create table work_hours (
  section text primary key check (section in ('store', 'restaurant', 'wholesale')),
  hours text not null,
  updated_at timestamptz not null default now()
);

create table restaurant_categories (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  description text,
  parent_id uuid references restaurant_categories(id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table restaurant_items (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  description text,
  price numeric(12,2) not null check (price > 0),
  image text,
  is_available boolean not null default true,
  category_id uuid references restaurant_categories(id) on delete set null,
  ingredients text[] not null default '{}',
  allergens text[] not null default '{}',
  featured boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table orders (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references users(id) on delete set null,
  email citext not null,
  status text not null default 'pending'
    check (status in ('pending', 'processing', 'shipped', 'completed', 'cancelled', 'ready_for_pickup')),
  total numeric(12,2) not null check (total >= 0),
  shipping_cost numeric(12,2) not null default 0 check (shipping_cost >= 0),
  shipping_method jsonb,
  shipping_address jsonb not null,
  idempotency_key text unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index orders_user on orders (user_id, created_at desc);
create index orders_email on orders (email, created_at desc);
create index orders_created on orders (created_at desc);

create table order_items (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references orders(id) on delete cascade,
  position integer not null default 0,
  product_id uuid references products(id) on delete set null,
  option_id uuid references product_options(id) on delete set null,
  custom_id text,
  name text not null,
  custom_size text,
  quantity integer not null check (quantity > 0),
  price numeric(12,2) not null check (price >= 0)
);
create index order_items_order on order_items (order_id, position);

create table contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text not null,
  phone text not null,
  message text not null,
  product_name text not null,
  ip text,
  created_at timestamptz not null default now()
);

-- Mail outbox (ARCHITECTURE: Mail): written in the same transaction as its cause.
create table outbox (
  id bigserial primary key,
  kind text not null,
  to_address text not null,
  reply_to text,
  subject text not null,
  text_body text not null,
  html_body text not null,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  sent_at timestamptz,
  last_error text,
  created_at timestamptz not null default now()
);
create index outbox_pending on outbox (next_attempt_at) where sent_at is null;

create table audit_log (
  id bigserial primary key,
  actor_id uuid,
  actor_email text,
  action text not null,
  entity text not null,
  entity_id text,
  before jsonb,
  after jsonb,
  ip text,
  created_at timestamptz not null default now()
);
create index audit_log_created on audit_log (created_at desc);
create index audit_log_entity on audit_log (entity, entity_id);

-- Catalogue cache generation: bumped by every staff write, read by every API process.
create table cache_versions (
  name text primary key,
  version bigint not null default 0
);
insert into cache_versions (name, version) values ('catalogue', 0);
