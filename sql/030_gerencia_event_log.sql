-- gerenciaGeneral (22) is the general management that sees every report (fixtures/accounts.ts, README); the
-- reference data of 004 gave it every sales and traffic report but the event log (Bitácora de Eventos), which
-- the extracts count among the sales reports (contract/extracts.ts). Issue 42, item 6.
insert into role_permissions (role_id, permission_id)
select 22, 'BITACORA_EVENTOS' where exists (select 1 from roles where id = 22)
on conflict do nothing;
