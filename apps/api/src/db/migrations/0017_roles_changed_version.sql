-- docs/decisions.md 'Users admin': the token_version a role change produced, so that a token older than
-- it is refused as ROLES_CHANGED ('Vaše ovlasti su promijenjene ...') rather than as an expired session.
alter table users add column if not exists roles_changed_version integer not null default 0;
