-- Daily sales closings, budgets, inflation, foot traffic, events, closing locks.

create table sales_closings (
  id bigserial primary key,
  supply_point_id integer not null references supply_points (id),
  contract_id integer not null references contracts (id),
  sale_date date not null,
  amount numeric(14, 2) not null check (amount >= 0),
  transactions integer not null check (transactions >= 0),
  registered_at timestamptz not null,
  registered_by integer references users (id),
  updated_at timestamptz,
  updated_by integer references users (id),
  unique (supply_point_id, sale_date)
);
create index sales_closings_contract_date_idx on sales_closings (contract_id, sale_date);
create index sales_closings_date_idx on sales_closings (sale_date);

create table sales_closing_history (
  id bigserial primary key,
  closing_id bigint not null references sales_closings (id),
  at timestamptz not null default now(),
  user_id integer references users (id),
  before jsonb not null,
  after jsonb not null
);
create index sales_closing_history_closing_idx on sales_closing_history (closing_id);

create table budgets (
  contract_id integer not null references contracts (id),
  month date not null check (extract(day from month) = 1),
  amount numeric(14, 2) not null check (amount >= 0),
  primary key (contract_id, month)
);

create table inflation (
  year integer not null check (year between 2016 and 2100),
  month integer not null check (month between 1 and 12),
  pct numeric(8, 4) not null,
  primary key (year, month)
);

create table traffic_pedestrian (
  mall_id integer not null references malls (id),
  zone text not null check (zone in ('Perimetro', 'Oasis')),
  day date not null,
  visitors integer not null check (visitors >= 0),
  primary key (mall_id, zone, day)
);

create table traffic_parking (
  mall_id integer not null references malls (id),
  day date not null,
  vehicles integer not null check (vehicles >= 0),
  primary key (mall_id, day)
);

create table events (
  id serial primary key,
  mall_id integer not null references malls (id),
  day date not null,
  name text not null,
  created_by integer references users (id),
  created_at timestamptz not null default now()
);

-- Month-close lock (MM/yyyy) and the 'Bloquear Cierres' date lock.
create table period_locks (
  month date primary key check (extract(day from month) = 1),
  locked boolean not null,
  updated_at timestamptz not null default now(),
  updated_by integer references users (id)
);

create table closing_locks (
  id serial primary key,
  locked_through date not null,
  locked_at timestamptz not null default now(),
  locked_by integer references users (id)
);
