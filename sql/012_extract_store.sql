-- Built extract partitions (services/extracts/persist.ts): the compressed Arrow stream of one version of a
-- partition, so that a restarted server, or another server process, answers it without building it again.
-- One row per partition: a newer version replaces the older one. `token` is the version token of
-- services/extracts/versions.ts (database epoch, extract format, version).

create table extract_store (
  partition text primary key,
  version bigint not null,
  token text not null,
  rows integer not null,
  raw_bytes integer not null,
  br bytea not null,
  gzip bytea not null,
  build_ms integer not null,
  built_at timestamptz not null default now()
);
