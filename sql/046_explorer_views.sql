-- The Explorador de Ventas' saved views (issue 41): a named slice (the screen's URL state, validated by
-- contract/explorer.ts) per user; a name is unique per user.
create table explorer_views (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  name text not null check (length(name) between 1 and 80),
  state jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, name)
);
