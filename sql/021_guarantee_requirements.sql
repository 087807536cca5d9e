-- Guarantees, part 2 (spec 3 sections 2.3, 3, 4, 5): Requerimiento de CF (notarial requirement letters per
-- bank, their delivery, the notarial configuration) and the general parameters of /configuracion-garantias.

-- Delivery states of a letter (spec 3 section 4): ING, PEN, APR, REC; the semaphore PEN grey, APR green,
-- REC red (ING, not given by the spec, grey too).
create table letter_delivery_states (
  code text primary key,
  name text not null,
  color text not null check (color in ('gris', 'verde', 'rojo')),
  sort integer not null
);
insert into letter_delivery_states (code, name, color, sort) values
  ('ING', 'Ingresado', 'gris', 1),
  ('PEN', 'Pendiente', 'gris', 2),
  ('APR', 'Aprobado', 'verde', 3),
  ('REC', 'Rechazado', 'rojo', 4);

-- The people who may sign the notarial letters; exactly two are marked for each kind of signature.
create table notarial_signers (
  code text primary key,
  name text not null,
  position text not null,
  virtual_signature boolean not null,
  physical_signature boolean not null,
  sort integer not null
);
insert into notarial_signers (code, name, position, virtual_signature, physical_signature, sort) values
  ('GG', 'Carlos Mendoza Ríos', 'Gerente General', true, false, 1),
  ('GAF', 'María Fernanda Salas Prado', 'Gerente de Administración y Finanzas', true, true, 2),
  ('TES', 'Jorge Quispe Huamán', 'Jefe de Tesorería', false, true, 3),
  ('LEG', 'Ana Lucía Torres Vega', 'Jefa de Asesoría Legal', false, false, 4);

-- Per provincial mall: who receives a copy of the letters of its tenants and who signs for it there.
create table notarial_mall_settings (
  mall_id integer primary key references malls (id),
  emails jsonb not null,
  signer_name text not null
);
insert into notarial_mall_settings (mall_id, emails, signer_name) values
  (2, '["administracion.aqp@demo.pe"]', 'Rosa Valdivia Zegarra'),
  (6, '["administracion.cix@demo.pe"]', 'Luis Chávez Montenegro'),
  (7, '["administracion.iqt@demo.pe"]', 'Pedro Panduro Ríos');

insert into settings (key, value) values ('garantiasCorreosNotaria', '["cartas.notariales@notaria.demo.pe"]');

-- A notarial requirement letter: one per bank and generation, its PDF kept here (base64: the same on
-- PGlite and PostgreSQL); the delivery ('Registrar Retorno de Carta') is its latest state.
create table requirement_letters (
  id serial primary key,
  nro_carta text not null unique,
  bank_id integer not null references banks (id),
  file_name text not null,
  pdf_base64 text not null,
  generated_at timestamptz not null,
  generated_by integer references users (id),
  generated_email text not null,
  delivery_date date,
  delivery_state text references letter_delivery_states (code),
  delivered_at timestamptz,
  delivered_by integer references users (id),
  delivered_email text
);

-- The guarantees a letter requires; a detail is required once.
create table requirement_letter_details (
  letter_id integer not null references requirement_letters (id),
  detail_id integer not null unique references guarantee_details (id),
  primary key (letter_id, detail_id)
);

-- /configuracion-garantias: the 16 general parameters (spec 3 sections 3, 5 and 9), keyed by uuid; each
-- value lives in settings under setting_key (garantiasVentanaRenovacionDias already exists, sql/010).
create table guarantee_parameters (
  code uuid primary key,
  setting_key text not null unique,
  name text not null,
  kind text not null check (kind in ('percent', 'digits', 'switch', 'days', 'text')),
  sort integer not null
);
insert into guarantee_parameters (code, setting_key, name, kind, sort) values
  ('0b6f3c2e-1a01-4c10-9d01-000000000001', 'garantiasPorcentajeToleranciaImporte',
   'Tolerancia del importe de la carta fianza (%)', 'percent', 1),
  ('0b6f3c2e-1a01-4c10-9d01-000000000002', 'garantiasPorcentajeEjecucion',
   'Porcentaje del importe que se ejecuta (%)', 'percent', 2),
  ('0b6f3c2e-1a01-4c10-9d01-000000000003', 'garantiasVentanaRenovacionDias',
   'Días antes del vencimiento para renovar y requerir', 'digits', 3),
  ('0b6f3c2e-1a01-4c10-9d01-000000000004', 'garantiasDiasProrroga',
   'Días de prórroga de la ejecución', 'digits', 4),
  ('0b6f3c2e-1a01-4c10-9d01-000000000005', 'garantiasCorreoNotariaActivo',
   'Enviar las cartas notariales por correo a la notaría', 'switch', 5),
  ('0b6f3c2e-1a01-4c10-9d01-000000000006', 'garantiasAvisoVencimientoActivo',
   'Avisar por correo el vencimiento de las cartas fianza', 'switch', 6),
  ('0b6f3c2e-1a01-4c10-9d01-000000000007', 'garantiasValidacionBancoActiva',
   'Permitir la validación de cartas fianza con el banco', 'switch', 7),
  ('0b6f3c2e-1a01-4c10-9d01-000000000008', 'garantiasDiasAvisoVencimiento',
   'Días de aviso antes del vencimiento', 'days', 8),
  ('0b6f3c2e-1a01-4c10-9d01-000000000009', 'garantiasMembreteRazonSocial',
   'Razón social del membrete de las cartas', 'text', 9),
  ('0b6f3c2e-1a01-4c10-9d01-000000000010', 'garantiasMembreteRuc', 'RUC del membrete de las cartas', 'text', 10),
  ('0b6f3c2e-1a01-4c10-9d01-000000000011', 'garantiasMembreteDireccion',
   'Dirección del membrete de las cartas', 'text', 11),
  ('0b6f3c2e-1a01-4c10-9d01-000000000012', 'garantiasCiudadCartas', 'Ciudad de emisión de las cartas', 'text', 12),
  ('0b6f3c2e-1a01-4c10-9d01-000000000013', 'garantiasAsuntoRequerimiento',
   'Asunto de la carta de requerimiento', 'text', 13),
  ('0b6f3c2e-1a01-4c10-9d01-000000000014', 'garantiasAsuntoEjecucion', 'Asunto de la carta de ejecución', 'text', 14),
  ('0b6f3c2e-1a01-4c10-9d01-000000000015', 'garantiasAsuntoDesistimiento',
   'Asunto de la carta de desistimiento', 'text', 15),
  ('0b6f3c2e-1a01-4c10-9d01-000000000016', 'garantiasCorreoCopiaCartas',
   'Correo que recibe copia de las cartas', 'text', 16);

insert into settings (key, value) values
  ('garantiasPorcentajeToleranciaImporte', '"5"'),
  ('garantiasPorcentajeEjecucion', '"100"'),
  ('garantiasDiasProrroga', '"30"'),
  ('garantiasCorreoNotariaActivo', '"1"'),
  ('garantiasAvisoVencimientoActivo', '"1"'),
  ('garantiasValidacionBancoActiva', '"1"'),
  ('garantiasDiasAvisoVencimiento', '"45,30,15"'),
  ('garantiasMembreteRazonSocial', '"Centros Comerciales del Perú S.A."'),
  ('garantiasMembreteRuc', '"20100123456"'),
  ('garantiasMembreteDireccion', '"Av. Nicolás Ayllón 8694, Ate, Lima"'),
  ('garantiasCiudadCartas', '"Lima"'),
  ('garantiasAsuntoRequerimiento', '"Requerimiento de renovación de cartas fianza por vencer"'),
  ('garantiasAsuntoEjecucion', '"Solicitud de ejecución de carta fianza"'),
  ('garantiasAsuntoDesistimiento', '"Desistimiento de la ejecución de carta fianza"'),
  ('garantiasCorreoCopiaCartas', '"garantias@demo.pe"');

-- The letters of a required guarantee (spec 3 section 4): the desistimiento and the execution letter, each a
-- PDF kept here, at most one of each per detail, with its delivery (date and state).
create table guarantee_letters (
  id serial primary key,
  detail_id integer not null references guarantee_details (id),
  kind text not null check (kind in ('desistimiento', 'ejecucion')),
  nro_carta text not null unique,
  file_name text not null,
  pdf_base64 text not null,
  generated_at timestamptz not null,
  generated_by integer references users (id),
  generated_email text not null,
  delivery_date date,
  delivery_state text references letter_delivery_states (code),
  delivered_at timestamptz,
  delivered_by integer references users (id),
  delivered_email text,
  unique (detail_id, kind)
);

-- When the tenant delivered its bank letter (spec 3 section 3, momento de entrega); the names are ours.
create table delivery_moments (
  code text primary key,
  name text not null,
  sort integer not null
);
insert into delivery_moments (code, name, sort) values
  ('ANT', 'Antes de la firma del contrato', 1),
  ('FIR', 'En la firma del contrato', 2),
  ('POS', 'Después de la firma del contrato', 3);

-- The cheque of an executed letter and the delivery moment live on the detail.
alter table guarantee_details
  add column cheque_bank_id integer references banks (id),
  add column nro_cheque text,
  add column fecha_ingreso_cheque date,
  add column delivery_moment_code text references delivery_moments (code),
  add column delivery_support_file_id text;

-- The delivery moment's support is an attachment of its own kind.
alter table guarantee_files drop constraint guarantee_files_kind_check;
alter table guarantee_files add constraint guarantee_files_kind_check check (kind in
  ('carta_fianza', 'operacion', 'excepcion_sustento', 'excepcion_efectivo', 'excepcion_carta_fianza',
   'sustento_entrega'));
