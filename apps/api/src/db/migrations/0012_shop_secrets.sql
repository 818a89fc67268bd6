-- docs/decisions.md, 'Several processes': secrets the shop generates for itself, kept in its database so that every API
-- process of the shop (on one machine or several) uses the same one. Today: the key tokens are signed
-- with, when AUTH_SECRET is not set (platform/signing-key.ts). Backups of the database carry it.
create table if not exists shop_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);
