-- Access: roles, permissions, users, sessions, tokens, throttling, outbox, audit log, settings.

create table roles (
  id integer primary key,
  name text not null unique,
  is_tenant boolean not null default false,
  created_at timestamptz not null default now()
);
create sequence roles_id_seq start with 1000 owned by roles.id;
alter table roles alter column id set default nextval('roles_id_seq');

create table permissions (
  id text primary key,
  label text not null,
  sort integer not null
);

create table role_permissions (
  role_id integer not null references roles (id) on delete cascade,
  permission_id text not null references permissions (id),
  primary key (role_id, permission_id)
);

create table users (
  id serial primary key,
  email text not null,
  name text not null,
  dni text,
  role_id integer not null references roles (id),
  state char(1) not null default 'A' check (state in ('A', 'I')),
  password_hash text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_key on users (lower(email));

create table sessions (
  id bigserial primary key,
  token_hash text not null unique,
  csrf_token text not null,
  user_id integer not null references users (id) on delete cascade,
  contract_id integer,
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  ip text,
  user_agent text
);
create index sessions_user_idx on sessions (user_id);

create table auth_tokens (
  id bigserial primary key,
  kind text not null check (kind in ('reset', 'activation')),
  token_hash text not null unique,
  user_id integer not null references users (id) on delete cascade,
  email text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);

create table login_throttle (
  key text primary key,
  failures integer not null,
  window_start timestamptz not null,
  locked_until timestamptz
);

create table mail_outbox (
  id bigserial primary key,
  to_address text not null,
  subject text not null,
  body_text text not null,
  body_html text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  attempts integer not null default 0,
  last_error text
);

create table audit_log (
  id bigserial primary key,
  at timestamptz not null default now(),
  user_id integer,
  action text not null,
  entity text not null,
  entity_id text,
  before jsonb,
  after jsonb,
  ip text
);
create index audit_log_entity_idx on audit_log (entity, entity_id);

create table settings (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now(),
  updated_by integer
);
