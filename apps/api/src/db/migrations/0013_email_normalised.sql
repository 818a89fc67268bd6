-- docs/decisions.md, 'One e-mail, one account': an address is stored normalised (NFKC, lower case) and
-- plain (printable ASCII, no invisible characters or look-alike letters). New rows must be; rows written
-- before are checked here and reported in email_review rather than failing the migration (the operator
-- decides which account keeps an address two accounts share once normalised).

create table email_review (
  user_id uuid primary key references users(id) on delete cascade,
  email citext not null,
  normalised text not null,
  -- 'clash': another account has the same normalised address; 'not_plain': invisible or look-alike characters
  reason text not null check (reason in ('clash', 'not_plain')),
  found_at timestamptz not null default now()
);

insert into email_review (user_id, email, normalised, reason)
select u.id, u.email, lower(normalize(u.email::text, NFKC)),
       case when exists (select 1 from users v
                          where v.id <> u.id
                            and lower(normalize(v.email::text, NFKC)) = lower(normalize(u.email::text, NFKC)))
            then 'clash' else 'not_plain' end
  from users u
 where u.email::text <> lower(normalize(u.email::text, NFKC))
    or u.email::text !~ '^[!-~]+$'
    or exists (select 1 from users v
                where v.id <> u.id
                  and lower(normalize(v.email::text, NFKC)) = lower(normalize(u.email::text, NFKC)));

-- Every address written from now on is normalised and plain; with the unique index of users.email
-- (citext) that makes the normalised form unique. NOT VALID: the rows above are reported, not refused.
alter table users
  add constraint users_email_normalised
  check (email::text = lower(normalize(email::text, NFKC)) and email::text ~ '^[!-~]+$') not valid;
