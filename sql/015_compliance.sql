-- Foot traffic, the event log and closing compliance (issue 13): events looked up by mall and day, the
-- closing reminders (one per contract and Lima day, whoever sends it: the daily job or staff from the Lista
-- Roja) and the runs of the server's jobs (one per job and day, claimed by the first process).

create index if not exists events_mall_day_idx on events (mall_id, day);

create table job_runs (
  job text not null,
  -- The Lima day (daily jobs) or the Monday of the week (weekly jobs) the run is for.
  day date not null,
  started_at timestamptz not null,
  finished_at timestamptz,
  -- What the run did (counts), for the log and the tests.
  outcome jsonb,
  primary key (job, day)
);

create table closing_reminders (
  id bigserial primary key,
  contract_id integer not null references contracts (id),
  -- The Lima day the reminder was sent: a contract is reminded at most once a day.
  day date not null,
  -- The first day without a closing when it was sent.
  missing_from date not null,
  kind text not null check (kind in ('auto', 'manual')),
  sent_at timestamptz not null,
  sent_by integer references users (id),
  recipients integer not null,
  unique (contract_id, day)
);
create index closing_reminders_day_idx on closing_reminders (day);
