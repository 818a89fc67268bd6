-- docs/decisions.md ('Edits that never overwrite each other'), 'Edits that never overwrite each other': every record a staff form edits carries
-- a version, raised by one in the same UPDATE that checks it (platform/record-version.ts), and who changed it
-- last, so that a save from an older version is refused naming that editor and the time.
alter table products add column if not exists version integer not null default 1;
alter table products add column if not exists updated_by text;
alter table categories add column if not exists version integer not null default 1;
alter table categories add column if not exists updated_by text;
alter table brands add column if not exists version integer not null default 1;
alter table brands add column if not exists updated_by text;
alter table slides add column if not exists version integer not null default 1;
alter table slides add column if not exists updated_by text;
alter table restaurant_items add column if not exists version integer not null default 1;
alter table restaurant_items add column if not exists updated_by text;
alter table work_hours add column if not exists version integer not null default 1;
alter table work_hours add column if not exists updated_by text;
alter table sale_config add column if not exists version integer not null default 1;
alter table sale_config add column if not exists updated_by text;
-- Shipping options, order limits, the company's facts and tax facts are settings documents, one row each.
alter table settings add column if not exists version integer not null default 1;
alter table settings add column if not exists updated_by text;
alter table users add column if not exists version integer not null default 1;
alter table users add column if not exists updated_by text;
