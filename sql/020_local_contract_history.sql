-- The contracts each local has held (issue 15): the seed's history of every shop unit and each assignment made
-- on the 'Mantenimiento' map. contract_locals keeps the current holder (one per local); here an open row
-- (hasta null) is the current one, a closed row a past one.
create table local_contract_history (
  id serial primary key,
  local_id integer not null references locals (id),
  contract_id integer not null references contracts (id),
  desde date not null,
  hasta date,
  origen text not null check (origen in ('contrato', 'asignacion')),
  recorded_at timestamptz not null,
  recorded_by integer references users (id) on delete set null
);
create index local_contract_history_local_idx on local_contract_history (local_id, desde);
