-- Versions of the Arrow extract partitions the browser's reports read (services/extracts/).
-- A partition is named '<family>' or '<family>.<year>' or '<family>.<mall>.<year>'. Its version changes
-- whenever one of its rows may have changed: statement-level triggers with transition tables bump it, so
-- the seed's bulk COPY costs one grouped query per statement, not one per row. Reading a version is one
-- primary-key lookup. rows/bytes describe the last build and are valid while built_version = version.

create table extract_versions (
  partition text primary key,
  version bigint not null,
  rows integer,
  bytes integer,
  built_version bigint
);

create sequence extract_version_seq;

-- Names this database's versions: a browser cache made against another database (a reseed) never matches.
create table extract_epoch (
  id boolean primary key default true check (id),
  epoch text not null
);
insert into extract_epoch (epoch) values (substr(md5(random()::text || clock_timestamp()::text), 1, 10));

create function extract_bump(keys text[]) returns void language sql as $$
  insert into extract_versions (partition, version)
  select k, nextval('extract_version_seq') from (select distinct unnest(keys) as k) s
   where k is not null
   order by k
  on conflict (partition) do update set version = excluded.version
$$;

-- sales_closings: the daily sales of (mall of the contract, year of the day).
create function extract_bump_sales() returns trigger language plpgsql as $$
begin
  perform extract_bump(array(
    select 'sales_daily.' || c.mall_id || '.' || x.y
      from (select distinct contract_id, extract(year from sale_date)::int as y
              from (select contract_id, sale_date from new_rows
                    union all select contract_id, sale_date from old_rows) r) x
      join contracts c on c.id = x.contract_id));
  return null;
end $$;

create function extract_bump_sales_insert() returns trigger language plpgsql as $$
begin
  perform extract_bump(array(
    select 'sales_daily.' || c.mall_id || '.' || x.y
      from (select distinct contract_id, extract(year from sale_date)::int as y from new_rows) x
      join contracts c on c.id = x.contract_id));
  return null;
end $$;

create function extract_bump_sales_delete() returns trigger language plpgsql as $$
begin
  perform extract_bump(array(
    select 'sales_daily.' || c.mall_id || '.' || x.y
      from (select distinct contract_id, extract(year from sale_date)::int as y from old_rows) x
      join contracts c on c.id = x.contract_id));
  return null;
end $$;

create trigger sales_closings_extract_ins after insert on sales_closings
  referencing new table as new_rows for each statement execute function extract_bump_sales_insert();
create trigger sales_closings_extract_upd after update on sales_closings
  referencing old table as old_rows new table as new_rows for each statement execute function extract_bump_sales();
create trigger sales_closings_extract_del after delete on sales_closings
  referencing old table as old_rows for each statement execute function extract_bump_sales_delete();

-- Yearly families keyed by a date column: budgets (month), traffic (day).
create function extract_bump_yearly() returns trigger language plpgsql as $$
declare
  fam text := tg_argv[0];
  col text := tg_argv[1];
  keys text[];
begin
  if tg_op = 'INSERT' then
    execute format('select array(select distinct %L || ''.'' || extract(year from %I)::int from new_rows)', fam, col)
      into keys;
  elsif tg_op = 'DELETE' then
    execute format('select array(select distinct %L || ''.'' || extract(year from %I)::int from old_rows)', fam, col)
      into keys;
  else
    execute format(
      'select array(select distinct %L || ''.'' || extract(year from %I)::int from (select %I from new_rows union all select %I from old_rows) r)',
      fam, col, col, col) into keys;
  end if;
  perform extract_bump(keys);
  return null;
end $$;

create trigger budgets_extract_ins after insert on budgets
  referencing new table as new_rows for each statement execute function extract_bump_yearly('budgets', 'month');
create trigger budgets_extract_upd after update on budgets
  referencing old table as old_rows new table as new_rows for each statement execute function extract_bump_yearly('budgets', 'month');
create trigger budgets_extract_del after delete on budgets
  referencing old table as old_rows for each statement execute function extract_bump_yearly('budgets', 'month');
create trigger traffic_pedestrian_extract_ins after insert on traffic_pedestrian
  referencing new table as new_rows for each statement execute function extract_bump_yearly('traffic_pedestrian', 'day');
create trigger traffic_pedestrian_extract_upd after update on traffic_pedestrian
  referencing old table as old_rows new table as new_rows for each statement execute function extract_bump_yearly('traffic_pedestrian', 'day');
create trigger traffic_pedestrian_extract_del after delete on traffic_pedestrian
  referencing old table as old_rows for each statement execute function extract_bump_yearly('traffic_pedestrian', 'day');
create trigger traffic_parking_extract_ins after insert on traffic_parking
  referencing new table as new_rows for each statement execute function extract_bump_yearly('traffic_parking', 'day');
create trigger traffic_parking_extract_upd after update on traffic_parking
  referencing old table as old_rows new table as new_rows for each statement execute function extract_bump_yearly('traffic_parking', 'day');
create trigger traffic_parking_extract_del after delete on traffic_parking
  referencing old table as old_rows for each statement execute function extract_bump_yearly('traffic_parking', 'day');

-- Single-partition dimensions: any write bumps the partitions named in the trigger's arguments.
create function extract_bump_fixed() returns trigger language plpgsql as $$
begin
  perform extract_bump(tg_argv::text[]);
  return null;
end $$;

create trigger malls_extract after insert or update or delete or truncate on malls
  for each statement execute function extract_bump_fixed('malls');
create trigger categories_extract after insert or update or delete or truncate on categories
  for each statement execute function extract_bump_fixed('categories', 'contracts');
create trigger cebes_extract after insert or update or delete or truncate on cebes
  for each statement execute function extract_bump_fixed('contracts');
create trigger contracts_extract after insert or update or delete or truncate on contracts
  for each statement execute function extract_bump_fixed('contracts');
create trigger inflation_extract after insert or update or delete or truncate on inflation
  for each statement execute function extract_bump_fixed('inflation');
create trigger settings_extract after insert or update or delete or truncate on settings
  for each statement execute function extract_bump_fixed('settings');
create trigger locals_extract after insert or update or delete or truncate on locals
  for each statement execute function extract_bump_fixed('locals');

-- A contract moved to another mall moves its sales between partitions: bump both malls' years.
create function extract_bump_contract_mall() returns trigger language plpgsql as $$
begin
  perform extract_bump(array(
    select v.partition from extract_versions v
     where v.partition like 'sales_daily.%'
       and split_part(v.partition, '.', 2)::int in (
         select o.mall_id from old_rows o join new_rows n on n.id = o.id where n.mall_id <> o.mall_id
         union select n.mall_id from old_rows o join new_rows n on n.id = o.id where n.mall_id <> o.mall_id)));
  return null;
end $$;
create trigger contracts_extract_mall after update on contracts
  referencing old table as old_rows new table as new_rows for each statement execute function extract_bump_contract_mall();

-- Databases that already hold data get a version for every partition they have.
select extract_bump(array['malls', 'categories', 'contracts', 'inflation', 'settings', 'locals']);
select extract_bump(array(
  select distinct 'sales_daily.' || c.mall_id || '.' || extract(year from s.sale_date)::int
    from sales_closings s join contracts c on c.id = s.contract_id));
select extract_bump(array(select distinct 'budgets.' || extract(year from month)::int from budgets));
select extract_bump(array(select distinct 'traffic_pedestrian.' || extract(year from day)::int from traffic_pedestrian));
select extract_bump(array(select distinct 'traffic_parking.' || extract(year from day)::int from traffic_parking));
