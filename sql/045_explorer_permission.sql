-- 'Explorador de Ventas' (issue 41): its own permission, granted to the seeded staff roles that see the sales
-- reports (those holding 'Ventas por Categoría' in 004: coordinación, comercial, comercial matriz,
-- coordinadores, finanzas, gerencia de operaciones, gerencia general). Roles made later get it by hand.
insert into permissions (id, label, sort) values ('EXPLORADOR_VENTAS', 'Explorador de Ventas', 51)
on conflict do nothing;

insert into role_permissions (role_id, permission_id)
select rp.role_id, 'EXPLORADOR_VENTAS'
  from role_permissions rp join roles r on r.id = rp.role_id
 where rp.permission_id = 'VENTAS_CATEGORIA' and not r.is_tenant and r.id in (4, 5, 8, 13, 19, 20, 22)
on conflict do nothing;
