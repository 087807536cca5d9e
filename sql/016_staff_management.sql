-- Staff management (issue 14): the All-In indicators per contract and year (uploaded from an .xlsx by the
-- superadmin utility, read by the All-In heat map) and the record of each upload.

create table all_in_indicators (
  contract_id integer not null references contracts (id),
  year integer not null check (year between 2017 and 2100),
  ventas_valor numeric(16, 2) not null check (ventas_valor >= 0),
  ventas_m2 numeric(16, 4) not null check (ventas_m2 >= 0),
  arriendo_ventas numeric(12, 4) not null check (arriendo_ventas >= 0),
  allin numeric(12, 4) not null check (allin >= 0),
  area numeric(12, 4) not null check (area >= 0),
  renta_fija_m2 numeric(14, 4) not null check (renta_fija_m2 >= 0),
  renta_m2 numeric(14, 4) not null check (renta_m2 >= 0),
  fondo_m2 numeric(14, 4) not null check (fondo_m2 >= 0),
  gasto_comun_m2 numeric(14, 4) not null check (gasto_comun_m2 >= 0),
  upload_id integer,
  primary key (contract_id, year)
);
create index all_in_indicators_year_idx on all_in_indicators (year);

create table all_in_uploads (
  id serial primary key,
  year integer not null,
  file_name text not null,
  sha256 text not null,
  rows integer not null,
  uploaded_at timestamptz not null,
  uploaded_by integer references users (id)
);
