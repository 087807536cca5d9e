-- Reporte General de Ventas (issue 11): the company (Sociedad) that owns each mall, and the extract of the
-- closings themselves ('sales_closings.<mall>.<year>', one row per supply point and day with when it was
-- registered and modified), versioned by the same statement triggers as the daily sales.

alter table malls add column sociedad text;
update malls set sociedad = case id
  when 3 then 'Centros Comerciales de Lima S.A.'
  when 8 then 'Centros Comerciales de Lima S.A.'
  else 'Centros Comerciales del Sur y Oriente S.A.' end;

-- The closings of a (mall of the contract, year of the day) change both its partitions.
create or replace function extract_bump_sales() returns trigger language plpgsql as $$
begin
  perform extract_bump(array(
    select unnest(array['sales_daily.', 'sales_closings.']) || c.mall_id || '.' || x.y
      from (select distinct contract_id, extract(year from sale_date)::int as y
              from (select contract_id, sale_date from new_rows
                    union all select contract_id, sale_date from old_rows) r) x
      join contracts c on c.id = x.contract_id));
  return null;
end $$;

create or replace function extract_bump_sales_insert() returns trigger language plpgsql as $$
begin
  perform extract_bump(array(
    select unnest(array['sales_daily.', 'sales_closings.']) || c.mall_id || '.' || x.y
      from (select distinct contract_id, extract(year from sale_date)::int as y from new_rows) x
      join contracts c on c.id = x.contract_id));
  return null;
end $$;

create or replace function extract_bump_sales_delete() returns trigger language plpgsql as $$
begin
  perform extract_bump(array(
    select unnest(array['sales_daily.', 'sales_closings.']) || c.mall_id || '.' || x.y
      from (select distinct contract_id, extract(year from sale_date)::int as y from old_rows) x
      join contracts c on c.id = x.contract_id));
  return null;
end $$;

-- A contract moved to another mall moves its closings between partitions: bump both malls' years.
create or replace function extract_bump_contract_mall() returns trigger language plpgsql as $$
begin
  perform extract_bump(array(
    select v.partition from extract_versions v
     where (v.partition like 'sales_daily.%' or v.partition like 'sales_closings.%')
       and split_part(v.partition, '.', 2)::int in (
         select o.mall_id from old_rows o join new_rows n on n.id = o.id where n.mall_id <> o.mall_id
         union select n.mall_id from old_rows o join new_rows n on n.id = o.id where n.mall_id <> o.mall_id)));
  return null;
end $$;

-- Databases that already hold closings get a version for each closings partition, and new malls columns.
select extract_bump(array(
  select distinct 'sales_closings.' || c.mall_id || '.' || extract(year from s.sale_date)::int
    from sales_closings s join contracts c on c.id = s.contract_id));
select extract_bump(array['malls', 'contracts']);
