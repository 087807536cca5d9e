-- 'Contratos Símiles' (spec 2, admin utilities; issue 14): groups of similar contracts, the same brand in
-- several malls, read by Comparativo de Ventas. A group holds at most one contract per mall and a contract
-- belongs to at most one group (both enforced here and checked by services/similar_contracts.ts with the
-- Spanish message). The jsonb column of 002 gives way to one row per member.

create table similar_contract_members (
  group_id integer not null references similar_contracts (id) on delete cascade,
  mall_id integer not null references malls (id),
  contract_id integer not null unique references contracts (id),
  primary key (group_id, mall_id)
);
create index similar_contract_members_contract_idx on similar_contract_members (contract_id);

insert into similar_contract_members (group_id, mall_id, contract_id)
select s.id, c.mall_id, c.id
  from similar_contracts s
  cross join lateral jsonb_each_text(s.contracts) j
  join contracts c on c.code = j.value
 order by s.id, c.mall_id
on conflict do nothing;

alter table similar_contracts drop column contracts;
alter table similar_contracts add column updated_at timestamptz not null default now();

-- The extract family 'similar_contracts' (contract/extracts.ts) follows every change of the groups.
create trigger similar_contracts_extract after insert or update or delete or truncate on similar_contracts
  for each statement execute function extract_bump_fixed('similar_contracts');
create trigger similar_contract_members_extract after insert or update or delete or truncate
  on similar_contract_members for each statement execute function extract_bump_fixed('similar_contracts');
select extract_bump(array['similar_contracts']);
