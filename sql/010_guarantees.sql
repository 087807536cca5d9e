-- Guarantees, part 1 (spec 3 sections 3-5): catalogues, guarantees per contract, their details (first letter
-- and renewals), the reviews LO / CO / TE with their history, exceptions and attachments. Part 2 (reception,
-- vault, requirement and notarial letters, desistimiento, execution, extension, cheque) adds its own tables
-- that point at guarantee_details; the flags it drives already live here.

create table guarantee_states (
  code text primary key,
  name text not null unique,
  label text not null,
  sort integer not null
);
insert into guarantee_states (code, name, label, sort) values
  ('PEN', 'PENDIENTE', 'Pendiente', 1),
  ('NEW', 'INGRESADO', 'Ingresado', 2),
  ('ENV', 'EN_REVISION', 'En Revisión', 3),
  ('OBS', 'OBSERVADO', 'Observado', 4),
  ('REC', 'RECHAZADO', 'Rechazado', 5),
  ('IOK', 'APROBADO', 'Aprobado', 6),
  ('REQ', 'EN_REQUERIMIENTO', 'En Requerimiento', 7),
  ('RRE', 'EN_REQUERIMIENTO_RENOVACION', 'En Requerimiento de Renovación', 8),
  ('NRE', 'INGRESADO_RENOVACION', 'Ingresado Renovación', 9);

-- GAR0 no guarantee, GAR1 bank letter (carta fianza), GAR2 cash operation (operación en efectivo).
create table guarantee_types (
  code text primary key,
  name text not null,
  sort integer not null
);
insert into guarantee_types (code, name, sort) values
  ('GAR1', 'Carta Fianza', 1),
  ('GAR2', 'Operación en Efectivo', 2),
  ('GAR0', 'Sin Garantía', 3);

create table banks (
  id integer primary key,
  code text not null unique,
  name text not null,
  for_letters boolean not null,
  for_cash boolean not null,
  -- Where 'Validar con banco' sends its mail (only BBVA and BCP validate letters).
  validation_email text
);
insert into banks (id, code, name, for_letters, for_cash, validation_email) values
  (1, 'BCP', 'Banco de Crédito del Perú', true, true, 'validacion.cartasfianza@bcp.demo.pe'),
  (2, 'BBVA', 'BBVA Perú', true, true, 'cartasfianza.validacion@bbva.demo.pe'),
  (3, 'IBK', 'Interbank', true, true, null),
  (4, 'SCOTIA', 'Scotiabank Perú', true, true, null),
  (5, 'BANBIF', 'Banco Interamericano de Finanzas', true, false, null),
  (6, 'PICHINCHA', 'Banco Pichincha', true, false, null),
  (7, 'GNB', 'Banco GNB Perú', true, false, null),
  (8, 'BN', 'Banco de la Nación', false, true, null);

create table currencies (
  id integer primary key,
  code char(3) not null unique,
  symbol text not null,
  name text not null
);
insert into currencies (id, code, symbol, name) values (1, 'PEN', 'S/', 'Soles'), (2, 'USD', '$', 'Dólares');

create table letter_kinds (
  id integer primary key,
  name text not null
);
insert into letter_kinds (id, name) values (383, 'Primera'), (384, 'Renovación');

create table exception_states (
  code text primary key,
  name text not null unique,
  label text not null,
  sort integer not null
);
insert into exception_states (code, name, label, sort) values
  ('ING', 'INGRESADO', 'Ingresado', 1),
  ('PEN', 'PENDIENTE', 'Pendiente', 2),
  ('APR', 'APROBADO', 'Aprobado', 3),
  ('REC', 'RECHAZADO', 'Rechazado', 4);

-- guarantee_type: the guarantee the tenant gives instead (EFE cash for a letter, CFZ a letter for cash);
-- null when the exception replaces none. needs_treasury: the treasury reviews it too.
create table exception_types (
  code text primary key,
  name text not null,
  guarantee_type text references guarantee_types (code),
  for_type text references guarantee_types (code),
  shows_invoice boolean not null default false,
  needs_invoice boolean not null default false,
  needs_treasury boolean not null default false,
  sort integer not null
);
insert into exception_types (code, name, guarantee_type, for_type, shows_invoice, needs_invoice, needs_treasury, sort)
values
  ('CFE', 'Carta Fianza en Emisión', null, null, true, false, false, 1),
  ('ECF', 'Exoneración con Cargo en Factura', null, null, true, true, false, 2),
  ('EFE', 'Operación en Efectivo', 'GAR2', 'GAR1', false, false, false, 3),
  ('CFZ', 'Carta Fianza', 'GAR1', 'GAR2', false, false, true, 4);

create table guarantees (
  id serial primary key,
  contract_id integer not null references contracts (id),
  currency_id integer not null references currencies (id),
  razon_social text not null,
  nombre_comercial text not null,
  created_at timestamptz not null default now(),
  created_by integer references users (id)
);
create index guarantees_contract_idx on guarantees (contract_id);

create table guarantee_details (
  id serial primary key,
  guarantee_id integer not null references guarantees (id),
  -- id_target_renovacion: the detail this renewal replaces.
  renews_id integer unique references guarantee_details (id),
  origin text not null default 'Contrato',
  state_code text not null references guarantee_states (code),
  type_code text not null references guarantee_types (code),
  bank_id integer references banks (id),
  importe numeric(14, 2) check (importe >= 0),
  letter_kind_id integer not null default 383 references letter_kinds (id),
  nro_carta_fianza text,
  fecha_emision date,
  fecha_vencimiento date,
  nro_operacion text,
  letter_file_id text,
  operation_file_id text,
  is_recepcionada boolean not null default false,
  is_renovada boolean not null default false,
  is_requerida boolean not null default false,
  is_desistida boolean not null default false,
  is_ejecutada boolean not null default false,
  is_excepcion boolean not null default false,
  fecha_vencimiento_prorroga date,
  -- Each send to review opens a round; the CO and TE semaphores are the reviews of the current round.
  review_round integer not null default 0,
  created_at timestamptz not null default now(),
  created_by integer references users (id),
  updated_at timestamptz not null default now(),
  updated_by integer references users (id),
  check (fecha_vencimiento is null or fecha_emision is null or fecha_vencimiento > fecha_emision)
);
create index guarantee_details_guarantee_idx on guarantee_details (guarantee_id);
create index guarantee_details_state_idx on guarantee_details (state_code);

create table guarantee_reviews (
  id bigserial primary key,
  detail_id integer not null references guarantee_details (id),
  round integer not null,
  kind char(2) not null check (kind in ('LO', 'CO', 'TE')),
  color text not null check (color in ('verde', 'rojo')),
  options jsonb not null default '{}',
  observaciones text not null default '',
  reviewer_id integer references users (id),
  reviewer_email text not null,
  role_name text not null,
  reviewed_at timestamptz not null,
  -- One review per kind and round: a repeated submit cannot add a second one.
  unique (detail_id, round, kind)
);
create index guarantee_reviews_detail_idx on guarantee_reviews (detail_id);

create table guarantee_exceptions (
  id serial primary key,
  detail_id integer not null unique references guarantee_details (id),
  state_code text not null references exception_states (code),
  type_code text not null references exception_types (code),
  numero_factura text,
  importe numeric(14, 2) not null check (importe > 0),
  currency_id integer not null references currencies (id),
  fecha_vencimiento date not null,
  motivo text not null,
  support_file_id text,
  co_state text check (co_state in ('APR', 'REC')),
  co_at timestamptz,
  co_by integer references users (id),
  co_email text,
  te_state text check (te_state in ('APR', 'REC')),
  te_at timestamptz,
  te_by integer references users (id),
  te_email text,
  -- Filled by the tenant once an EFE (cash) or CFZ (letter) exception is approved.
  nro_operacion_efectivo text,
  fecha_deposito_efectivo date,
  bank_cash_id integer references banks (id),
  cash_file_id text,
  nro_carta_fianza text,
  fecha_emision_carta_fianza date,
  fecha_vencimiento_carta_fianza date,
  bank_letter_id integer references banks (id),
  letter_kind_id integer references letter_kinds (id),
  letter_file_id text,
  created_at timestamptz not null,
  created_by integer references users (id),
  updated_at timestamptz not null,
  updated_by integer references users (id)
);

-- Attachments: the bytes live under ${DATA_DIR}/uploads/<stored_name> (storage 'disk'); the demo data's
-- attachments are generated on request (storage 'demo').
create table guarantee_files (
  id text primary key,
  detail_id integer not null references guarantee_details (id),
  kind text not null check (kind in
    ('carta_fianza', 'operacion', 'excepcion_sustento', 'excepcion_efectivo', 'excepcion_carta_fianza')),
  file_name text not null,
  content_type text not null,
  size integer not null check (size between 1 and 20971520),
  sha256 text not null,
  storage text not null default 'disk' check (storage in ('disk', 'demo')),
  stored_name text unique,
  uploaded_at timestamptz not null,
  uploaded_by integer references users (id)
);
create index guarantee_files_detail_idx on guarantee_files (detail_id);

insert into settings (key, value) values ('garantiasVentanaRenovacionDias', '45');
