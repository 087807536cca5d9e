-- Malls, floor plans, categories, tenants, contracts and their people, supply points.

create table malls (
  id integer primary key,
  code text not null unique,
  name text not null,
  sort integer not null
);

create table levels (
  id serial primary key,
  mall_id integer not null references malls (id),
  floor integer not null,
  title text not null,
  width integer not null default 1300,
  height integer not null default 1000,
  unique (mall_id, floor)
);

-- vacancy_state: 1 Operando, 2 Obra, 3 Firmado, 4 Vacancy.
create table locals (
  id serial primary key,
  mall_id integer not null references malls (id),
  level_id integer not null references levels (id),
  code text not null,
  area numeric(12, 4) not null check (area > 0),
  vacancy_state smallint not null default 1 check (vacancy_state between 1 and 4),
  shape jsonb not null,
  unique (mall_id, code)
);

-- Rubro / category, with the heat-map traffic light (green 0..verde_hasta, yellow ..amarillo_hasta, red ..100).
create table categories (
  id serial primary key,
  name text not null unique,
  verde_hasta integer not null default 30 check (verde_hasta between 0 and 100),
  amarillo_hasta integer not null default 60 check (amarillo_hasta between 0 and 100)
);

-- CeBe: cost/benefit centre, the finer category used by the reports.
create table cebes (
  code text primary key,
  name text not null,
  category_id integer not null references categories (id)
);

create table commercial_classes (
  id serial primary key,
  name text not null,
  parent_id integer references commercial_classes (id)
);

create table tenants (
  id serial primary key,
  ruc char(11) not null unique check (ruc ~ '^[0-9]{11}$'),
  razon_social text not null,
  nombre_comercial text not null,
  direccion text
);

create table contracts (
  id serial primary key,
  code text not null unique,
  old_code text,
  tenant_id integer not null references tenants (id),
  mall_id integer not null references malls (id),
  denominacion text not null,
  objetos text,
  category_id integer not null references categories (id),
  cebe_code text not null references cebes (code),
  class_id integer references commercial_classes (id),
  subclass_id integer references commercial_classes (id),
  currency char(3) not null default 'PEN' check (currency in ('PEN', 'USD')),
  area numeric(12, 4) not null check (area > 0),
  sales_type text not null default 'VD',
  sales_type_name text not null default 'Venta Diaria',
  executive text,
  start_date date not null,
  end_date date not null,
  op_start date,
  op_end date
);
create index contracts_mall_idx on contracts (mall_id);
create index contracts_tenant_idx on contracts (tenant_id);

create table contract_locals (
  contract_id integer not null references contracts (id),
  local_id integer not null references locals (id) unique,
  primary key (contract_id, local_id)
);

-- The four person slots of a contract (administrador, operador, financiero1, financiero2).
create table contract_users (
  contract_id integer not null references contracts (id),
  user_id integer not null references users (id) on delete cascade,
  slot text not null check (slot in ('administrador', 'operador', 'financiero1', 'financiero2')),
  is_default boolean not null default false,
  primary key (contract_id, slot)
);
create index contract_users_user_idx on contract_users (user_id);

create table supply_points (
  id serial primary key,
  contract_id integer not null references contracts (id),
  code text not null unique,
  description text not null,
  active boolean not null default true
);
create index supply_points_contract_idx on supply_points (contract_id);

create table similar_contracts (
  id serial primary key,
  contracts jsonb not null
);
