-- The guarantee amount a contract requires (issue 39): the review's amount check compares a guarantee's
-- importe with it, less 'Tolerancia del importe de la carta fianza (%)'. In the contract's currency; null:
-- the contract states none and nothing is checked.
alter table contracts add column guarantee_required numeric(14, 2) check (guarantee_required > 0);

-- 'Correo que recibe copia de las cartas' now receives every letter's mail: its default named a tenant's demo
-- account (garantias@demo.pe), which must not read other tenants' letters. The operator's mailbox instead.
update settings set value = '"copia.cartas@portal.pe"'
 where key = 'garantiasCorreoCopiaCartas' and value = '"garantias@demo.pe"';
