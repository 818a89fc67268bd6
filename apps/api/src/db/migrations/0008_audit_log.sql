-- System logs (/admin/logs): the list is read newest first, one page at a time, by a cursor on
-- (created_at, id), filtered by any mix of user, action and entity, with or without a date range.
-- For each of the eight mixes there is an index that starts with exactly its filter columns and ends
-- with (created_at desc, id desc): a page then reads its 50 rows straight from one index, however
-- rare the mix. With fewer indexes, a mix that matches nothing (a staff member and 'sign_in_failed')
-- walks every row of the one filter it has an index for: 0.5-0.8 s over a million rows, measured
-- (bench/admin-logs.ts). The log is written a few thousand times a day and read by people who
-- search it, so eight small index updates per write are the right trade.

-- Who: the actor's e-mail, or for a refused sign-in (no actor) the e-mail that was tried. The list
-- query uses the same expression (modules/audit-log/repo.ts).

-- No filter (replaces the index on created_at alone).
drop index if exists audit_log_created;
create index audit_log_time on audit_log (created_at desc, id desc);

create index audit_log_action_time on audit_log (action, created_at desc, id desc);
create index audit_log_entity_time on audit_log (entity, created_at desc, id desc);
create index audit_log_entity_action_time on audit_log (entity, action, created_at desc, id desc);

create index audit_log_user_time on audit_log
  ((lower(coalesce(actor_email, after ->> 'email'))), created_at desc, id desc);
create index audit_log_user_action_time on audit_log
  ((lower(coalesce(actor_email, after ->> 'email'))), action, created_at desc, id desc);
create index audit_log_user_entity_time on audit_log
  ((lower(coalesce(actor_email, after ->> 'email'))), entity, created_at desc, id desc);
create index audit_log_user_entity_action_time on audit_log
  ((lower(coalesce(actor_email, after ->> 'email'))), entity, action, created_at desc, id desc);
