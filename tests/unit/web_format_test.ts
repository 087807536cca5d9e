import assert from "node:assert/strict";
import {
  accountState,
  formatArea,
  formatCompact,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPercent,
} from "../../web/src/lib/format.ts";
import { excelFileName } from "../../web/src/components/data-table/excel-export.ts";
import { groupsForRole, mallFromText, notificationTarget } from "../../web/src/lib/notifications.ts";
import { safeRedirect } from "../../web/src/lib/session.ts";

Deno.test("web formatters: money with comma thousands, 2 decimals and S/ or $", () => {
  assert.equal(formatMoney(1234567.891), "S/ 1,234,567.89");
  assert.equal(formatMoney(0.5, "$"), "$ 0.50");
  assert.equal(formatMoney(-3), "-S/ 3.00");
  assert.equal(formatMoney(null), "");
  assert.equal(formatNumber("1234.5"), "1,234.50");
});

Deno.test("web formatters: area 2 decimals for tenants and 4 for staff, percent 1 decimal", () => {
  // Issue 19: the tenant dashboard showed 'Área del local 185.4000 m²'.
  assert.equal(formatArea(185.4, "tenant"), "185.40");
  assert.equal(formatArea(12345.6789, "tenant"), "12,345.68");
  assert.equal(formatArea(85.5, "staff"), "85.5000");
  assert.equal(formatArea(12345.67891, "staff"), "12,345.6789");
  assert.equal(formatArea(null, "tenant"), "");
  assert.equal(formatPercent(12.345), "12.3%");
  assert.equal(formatPercent(-0.04), "-0.0%");
});

Deno.test("account state: the same label on the tenant's and the administrator's screens", () => {
  // Issue 19: a user added by a tenant, who has not used the activation link yet, read 'Activo' for the
  // administrator and 'Pendiente de activación' for the tenant.
  assert.equal(accountState({ active: true, activated: false }), "Pendiente de activación");
  assert.equal(accountState({ active: true, activated: true }), "Activo");
  assert.equal(accountState({ active: false, activated: true }), "Bloqueado");
  assert.equal(accountState({ active: false, activated: false }), "Bloqueado");
});

Deno.test("web formatters: K from 10,000 and M from 1,000,000", () => {
  assert.equal(formatCompact(9999), "9,999");
  assert.equal(formatCompact(10_000), "10K");
  assert.equal(formatCompact(15_350), "15.4K");
  assert.equal(formatCompact(999_999), "1,000K");
  assert.equal(formatCompact(1_000_000), "1M");
  assert.equal(formatCompact(2_540_000, "S/"), "S/ 2.5M");
  assert.equal(formatCompact(-12_000), "-12K");
});

Deno.test("web formatters: dd/MM/yyyy dates, instants in Lima time", () => {
  assert.equal(formatDate("2026-03-05"), "05/03/2026");
  assert.equal(formatDate("2026-03-05T03:00:00Z"), "04/03/2026");
  assert.equal(formatDateTime("2026-03-05T17:07:00Z"), "05/03/2026 12:07");
  assert.equal(formatDate(""), "");
  assert.equal(formatDate("not a date"), "");
});

Deno.test("excel export file name is the table title plus .xlsx", () => {
  assert.equal(excelFileName("Usuarios"), "Usuarios.xlsx");
  assert.equal(excelFileName("Roles & Permisos"), "Roles & Permisos.xlsx");
  assert.equal(excelFileName("Ventas 01/2026"), "Ventas 01 2026.xlsx");
});

Deno.test("notifications: filtered by role, contract ones go to /Locatario/Index with the mall of the suffix", () => {
  const groups = [
    { id: 1, label: "Contratos por vencer", descripcion: "", perfiles: [4, 5], notificaciones: [] },
    { id: 2, label: "Mapas", descripcion: "Locales sin contrato", perfiles: [5], notificaciones: [] },
  ];
  assert.deepEqual(groupsForRole(groups, 4).map((g) => g.id), [1]);
  assert.deepEqual(groupsForRole(groups, 5).map((g) => g.id), [1, 2]);
  assert.equal(mallFromText("Contrato 123 vence ASA"), 3);
  assert.equal(mallFromText("Contrato 123 vence AAQ"), 2);
  assert.equal(mallFromText("Contrato 123 vence ACH"), 6);
  assert.equal(mallFromText("Contrato 123"), 3);
  assert.equal(mallFromText("Tienda: 2 día(s) sin registrar SJL"), 8);
  assert.deepEqual(notificationTarget(groups[0], { value1: "C-9", value2: "Vence AAQ" }), {
    to: "/Locatario/Index",
    search: { contrato: "C-9", mall: 2 },
  });
  assert.deepEqual(notificationTarget(groups[1], { value1: "L-1", value2: "Local" }), {
    to: "/Mapas/ModificarMapas",
  });
  // The server's ruta decides when it is given.
  const tenant = { ...groups[1], ruta: "/cierreVentas/registrarCierre" };
  assert.deepEqual(notificationTarget(tenant, { value1: "CT1", value2: "x" }), {
    to: "/cierreVentas/registrarCierre",
  });
  const staff = { ...groups[1], ruta: "/Locatario/Index" };
  assert.deepEqual(
    notificationTarget(staff, { value1: "CT1", value2: "Tienda: 3 día(s) sin registrar ACH" }),
    {
      to: "/Locatario/Index",
      search: { contrato: "CT1", mall: 6 },
    },
  );
});

Deno.test("after sign-in only same-origin, non-auth paths are followed", () => {
  assert.equal(safeRedirect("/Admin/RoleManagement?page=2"), "/Admin/RoleManagement?page=2");
  assert.equal(safeRedirect("//evil.example/x"), null);
  assert.equal(safeRedirect("https://evil.example"), null);
  assert.equal(safeRedirect("/auth/login"), null);
  assert.equal(safeRedirect(undefined), null);
});
