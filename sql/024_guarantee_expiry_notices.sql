-- The expiry notices of bank letters (issue 16, 'Beyond the old system'): the daily job (services/guarantees/
-- expiry_job.ts, its run claimed in job_runs like the closing reminders) mails a letter's tenant users and the
-- collections reviewers on each day-list offset before its expiry ('Días de aviso antes del vencimiento').
-- One row per letter and offset, written with the mails: a letter is never noticed twice for one offset, even
-- after a restart or from another process.

create table guarantee_expiry_notices (
  detail_id integer not null references guarantee_details (id),
  -- The offset of the day list (days before expiry) this notice is for.
  offset_days integer not null check (offset_days >= 0),
  -- The Lima day it was sent and the expiry it announced.
  day date not null,
  fecha_vencimiento date not null,
  sent_at timestamptz not null,
  recipients integer not null,
  primary key (detail_id, offset_days)
);
create index guarantee_expiry_notices_day_idx on guarantee_expiry_notices (day);

-- The bell reads these rows: a new notice drops the kept notifications (sql/022_change_versions.sql).
create trigger guarantee_expiry_notices_change after insert or update or delete or truncate
  on guarantee_expiry_notices for each statement execute function change_bump();
