-- Versions of the tables behind the signed-in read path (issue 18, Throughput). A server process keeps the
-- answers that depend only on these tables and on the daily sales (whose versions are extract_versions'
-- 'sales_daily.*' rows, sql/011_extracts.sql) in memory, keyed by a stamp of all these versions that the
-- session's own query reads (services/change_stamp.ts): any committed write changes the stamp, so every
-- process drops what it kept at once. Statement-level triggers: one bump per statement, none per row.
-- Versions come from a sequence, so a rolled-back write never gives a later one the same stamp.

create table change_versions (
  name text primary key,
  version bigint not null
);

create sequence change_version_seq;

create function change_bump() returns trigger language plpgsql as $$
begin
  insert into change_versions (name, version) values (tg_table_name, nextval('change_version_seq'))
  on conflict (name) do update set version = excluded.version;
  return null;
end $$;

create trigger tenants_change after insert or update or delete or truncate on tenants
  for each statement execute function change_bump();
create trigger contract_locals_change after insert or update or delete or truncate on contract_locals
  for each statement execute function change_bump();
create trigger contract_users_change after insert or update or delete or truncate on contract_users
  for each statement execute function change_bump();
create trigger supply_points_change after insert or update or delete or truncate on supply_points
  for each statement execute function change_bump();
create trigger closing_reminders_change after insert or update or delete or truncate on closing_reminders
  for each statement execute function change_bump();
create trigger roles_change after insert or update or delete or truncate on roles
  for each statement execute function change_bump();
create trigger role_permissions_change after insert or update or delete or truncate on role_permissions
  for each statement execute function change_bump();
create trigger permissions_change after insert or update or delete or truncate on permissions
  for each statement execute function change_bump();
