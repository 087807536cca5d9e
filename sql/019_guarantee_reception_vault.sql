-- Guarantees, part 2 (spec 3 sections 2.3, 3, 4, 5): the reception of an approved guarantee and where a
-- received bank letter is kept (the vault). Both keep every write: the latest row is the current one.

-- The reception states by guarantee type (GAR1 letters, GAR2 cash). color is the reception semaphore;
-- receives: the state marks the guarantee recepcionada (the red ones leave it pending).
create table guarantee_reception_states (
  id integer primary key,
  type_code text not null references guarantee_types (code),
  code text not null unique,
  name text not null,
  color text not null check (color in ('verde', 'amarillo', 'rojo')),
  receives boolean not null,
  sort integer not null
);
insert into guarantee_reception_states (id, type_code, code, name, color, receives, sort) values
  (1, 'GAR1', 'CF_CONFORME', 'Recibida Conforme', 'verde', true, 1),
  (2, 'GAR1', 'CF_OBSERVADA', 'Recibida con Observaciones', 'amarillo', true, 2),
  (3, 'GAR1', 'CF_NO_RECIBIDA', 'No Recibida', 'rojo', false, 3),
  (4, 'GAR2', 'EF_CONFORME', 'Abono Conforme', 'verde', true, 1),
  (5, 'GAR2', 'EF_OBSERVADO', 'Abono con Observaciones', 'amarillo', true, 2),
  (6, 'GAR2', 'EF_NO_UBICADO', 'Abono No Ubicado', 'rojo', false, 3);

create table guarantee_receptions (
  id bigserial primary key,
  detail_id integer not null references guarantee_details (id),
  state_id integer not null references guarantee_reception_states (id),
  -- Cash only: the day the deposit enters the mall's account.
  fecha_ingreso_cuenta date,
  created_at timestamptz not null,
  created_by integer references users (id),
  created_email text not null
);
create index guarantee_receptions_detail_idx on guarantee_receptions (detail_id, id);

create table vault_states (
  code text primary key,
  name text not null,
  sort integer not null
);
insert into vault_states (code, name, sort) values
  ('BOV', 'En Bóveda', 1),
  ('PRE', 'Prestada', 2),
  ('DEV', 'Devuelta al Locatario', 3),
  ('BAN', 'Entregada al Banco', 4);

create table vault_authorizations (
  code text primary key,
  name text not null,
  sort integer not null
);
insert into vault_authorizations (code, name, sort) values
  ('TES', 'Jefatura de Tesorería', 1),
  ('GAF', 'Gerencia de Administración y Finanzas', 2),
  ('LEG', 'Asesoría Legal', 3);

create table guarantee_locations (
  id bigserial primary key,
  detail_id integer not null references guarantee_details (id),
  file text not null,
  letra_numero text not null,
  state_code text not null references vault_states (code),
  authorization_code text not null references vault_authorizations (code),
  created_at timestamptz not null,
  created_by integer references users (id),
  created_email text not null
);
create index guarantee_locations_detail_idx on guarantee_locations (detail_id, id);
