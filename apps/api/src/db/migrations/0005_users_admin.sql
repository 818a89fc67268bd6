-- Users admin (docs/decisions.md, 'Users admin'): list and search stay fast over 100,000 accounts.
-- The e-mail search is a case-insensitive substring match, `lower(email::text) like '%...%'`:
-- a trigram index answers it without reading the table (citext's own ilike cannot use it).
create index if not exists users_email_trigram on users using gin (lower(email::text) gin_trgm_ops);
-- The list shows the newest accounts first; the id makes paging stable when two tie.
create index if not exists users_created on users (created_at desc, id);
-- The admins are locked together on every change that could leave the shop without one.
create index if not exists users_admins on users (id) where 'admin' = any (roles);

-- The number of accounts, kept by statement triggers, so that the unfiltered list answers its
-- total without counting 100,000 rows on every page (a search counts only up to a window).
create table user_count (
  id boolean primary key default true check (id),
  total bigint not null
);
insert into user_count (id, total) select true, count(*) from users;

create or replace function user_count_inserted() returns trigger
language plpgsql as $$
begin
  update user_count set total = total + (select count(*) from changed_rows);
  return null;
end
$$;
create or replace function user_count_deleted() returns trigger
language plpgsql as $$
begin
  update user_count set total = total - (select count(*) from changed_rows);
  return null;
end
$$;
create or replace function user_count_truncated() returns trigger
language plpgsql as $$
begin
  update user_count set total = 0;
  return null;
end
$$;
create trigger users_counted_insert after insert on users
  referencing new table as changed_rows for each statement execute function user_count_inserted();
create trigger users_counted_delete after delete on users
  referencing old table as changed_rows for each statement execute function user_count_deleted();
create trigger users_counted_truncate after truncate on users
  for each statement execute function user_count_truncated();
