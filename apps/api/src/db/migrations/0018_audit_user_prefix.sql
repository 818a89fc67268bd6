-- docs/decisions.md 'System logs': the user filter matches the start of an e-mail (LIKE 'prefix%').
-- text_pattern_ops lets a btree serve a prefix whatever the database's collation (PGlite's C, a
-- server's en_US or C.UTF-8), and still serves equality; these replace the user indexes of 0008.
drop index if exists audit_log_user_time;
drop index if exists audit_log_user_action_time;
drop index if exists audit_log_user_entity_time;
drop index if exists audit_log_user_entity_action_time;
create index audit_log_user_time on audit_log
  ((lower(coalesce(actor_email, after ->> 'email'))) text_pattern_ops, created_at desc, id desc);
create index audit_log_user_action_time on audit_log
  ((lower(coalesce(actor_email, after ->> 'email'))) text_pattern_ops, action, created_at desc, id desc);
create index audit_log_user_entity_time on audit_log
  ((lower(coalesce(actor_email, after ->> 'email'))) text_pattern_ops, entity, created_at desc, id desc);
create index audit_log_user_entity_action_time on audit_log
  ((lower(coalesce(actor_email, after ->> 'email'))) text_pattern_ops, entity, action, created_at desc, id desc);
-- The planner's statistics of an expression live with its index: without them a prefix looked common
-- and PostgreSQL walked the whole log newest-first (measured: 5 s for an e-mail with no rows).
analyze audit_log;
