-- Reprimands (amonestaciones) with their three approval boxes, and the closing locks' one rule.

-- ---- Reprimands -------------------------------------------------------------------------------------

create table reprimand_reason_types (
  id serial primary key,
  name text not null unique,
  sort integer not null default 0
);

-- A reason's base amount and discount are copied into each reprimand when it is registered, so a later
-- change of the catalogue does not change decided reprimands.
create table reprimand_reasons (
  id serial primary key,
  type_id integer not null references reprimand_reason_types (id),
  name text not null,
  base_amount numeric(12, 2) not null check (base_amount >= 0),
  discount_pct numeric(5, 2) not null default 0 check (discount_pct between 0 and 100),
  active boolean not null default true,
  unique (type_id, name)
);

-- Which role decides which box (docs/decisions.md, Access and roles): data, so an administrator can move it.
create table reprimand_approver_roles (
  role_id integer primary key references roles (id),
  box text not null unique check (box in ('subgerencia', 'operaciones', 'gaf'))
);
insert into reprimand_approver_roles (role_id, box) values
  (20, 'subgerencia'),
  (96, 'operaciones'),
  (19, 'gaf');
-- The mall operations head decides the Operaciones box, so it sees the approval grid.
insert into role_permissions (role_id, permission_id) values (96, 'VISTA_AMONESTACIONES')
  on conflict do nothing;

create table reprimands (
  id serial primary key,
  mall_id integer not null references malls (id),
  contract_id integer not null references contracts (id),
  local_id integer references locals (id),
  reason_id integer not null references reprimand_reasons (id),
  base_amount numeric(12, 2) not null check (base_amount >= 0),
  discount_pct numeric(5, 2) not null check (discount_pct between 0 and 100),
  final_amount numeric(12, 2) not null check (final_amount >= 0),
  responsable text,
  dni text check (dni ~ '^[0-9]{8}$'),
  occurred_at timestamptz not null,
  detail text not null,
  created_at timestamptz not null,
  created_by integer references users (id),
  subgerencia_ok boolean,
  subgerencia_obs text,
  subgerencia_at timestamptz,
  subgerencia_by integer references users (id),
  operaciones_ok boolean,
  operaciones_obs text,
  operaciones_at timestamptz,
  operaciones_by integer references users (id),
  gaf_ok boolean,
  gaf_obs text,
  gaf_at timestamptz,
  gaf_by integer references users (id)
);
create index reprimands_occurred_idx on reprimands (occurred_at desc);

create table reprimand_images (
  id text primary key,
  reprimand_id integer not null references reprimands (id),
  file_name text not null,
  content_type text not null check (content_type in ('image/jpeg', 'image/png', 'image/gif')),
  size integer not null check (size > 0),
  sha256 text,
  storage text not null check (storage in ('disk', 'demo')),
  stored_name text,
  uploaded_at timestamptz not null,
  uploaded_by integer references users (id)
);
create index reprimand_images_reprimand_idx on reprimand_images (reprimand_id);

-- ---- Closing locks ----------------------------------------------------------------------------------

-- 'Bloquear Cierres' twice for the same day keeps one row (two simultaneous requests included).
create unique index closing_locks_through_idx on closing_locks (locked_through);

-- The one rule (services/closing_locks.ts reads it, the guard below enforces it): why the closings of a
-- day cannot change, or null when they can. The latest 'Bloquear Cierres' date covers every day up to it;
-- a closed month covers its days.
create function closing_lock_reason(d date) returns text language sql stable as $$
  select case
    when d <= (select max(locked_through) from closing_locks) then
      'Los cierres de ventas están bloqueados hasta el '
        || to_char((select max(locked_through) from closing_locks), 'DD/MM/YYYY')
        || ': no se pueden registrar ni modificar ventas de esas fechas.'
    when exists (select 1 from period_locks p where p.locked and p.month = date_trunc('month', d)::date) then
      'El periodo ' || to_char(d, 'MM/YYYY') || ' está cerrado: no se pueden registrar ni modificar ventas de ese mes.'
  end
$$;

-- Every write of closings, whoever makes it (tenant, staff, an import), passes the rule: a statement
-- touching a locked day fails whole with SQLSTATE 'CL441' and the reason.
create function sales_closings_lock_guard() returns trigger language plpgsql as $$
declare
  why text;
begin
  select closing_lock_reason(x.d) into why
    from (select distinct sale_date as d from changed_rows) x
   where closing_lock_reason(x.d) is not null
   order by x.d limit 1;
  if why is not null then
    raise exception using errcode = 'CL441', message = why;
  end if;
  return null;
end $$;

create trigger sales_closings_lock_ins after insert on sales_closings
  referencing new table as changed_rows for each statement execute function sales_closings_lock_guard();
create trigger sales_closings_lock_upd_new after update on sales_closings
  referencing new table as changed_rows for each statement execute function sales_closings_lock_guard();
create trigger sales_closings_lock_upd_old after update on sales_closings
  referencing old table as changed_rows for each statement execute function sales_closings_lock_guard();
create trigger sales_closings_lock_del after delete on sales_closings
  referencing old table as changed_rows for each statement execute function sales_closings_lock_guard();
