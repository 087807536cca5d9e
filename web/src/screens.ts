// The one registry of the portal's screens (issue 37): each screen's URL as the spec writes it, its Spanish
// title, who may open it and its place in the menu. The menu, the route guards (lib/screen-guard.ts) and the
// page title with its breadcrumbs (page-toolbar.tsx) are derived from it, found by the route's id, so a
// report's title and permission are written here only and its path here and in its route file. Keyed by
// the router's generated route ids: a screen whose route is renamed or gone, or a permission id that is not
// one, does not compile. Pure data (Deno's tests import it through the menu): no browser or router code here.

import { GUARANTEE_REVIEWERS, GUARANTEE_STAFF_VIEW } from "#contract/guarantees/guarantees.ts";
import { P, type PermissionId } from "#contract/permissions.ts";
import type { FileRouteTypes } from "./routeTree.gen.ts";

/** A route id of a signed-in screen (`/_app/Reportes/RankVentas`, `/_app/garantias/`). */
type AppRouteId = Extract<FileRouteTypes["id"], `/_app/${string}`>;
type UrlOf<Id> = Id extends `/_app${infer U}/` ? U : Id extends `/_app${infer U}` ? U : never;

/** The URL of a signed-in screen as links write it (`/Reportes/RankVentas`, `/garantias`). */
export type ScreenPath = UrlOf<AppRouteId>;

/** The route id the router gives the screen at a URL (what its route file passes to createFileRoute). */
export type RouteIdOf<U extends ScreenPath> = Extract<AppRouteId, `/_app${U}` | `/_app${U}/`>;

/** The menu's sections, in the order the menu shows them. */
export const MENU_GROUPS = [
  { label: "Centro administrativo", icon: "pi pi-building" },
  { label: "Locatarios", icon: "pi pi-shop" },
  { label: "Reporting", icon: "pi pi-chart-pie" },
  { label: "Módulos", icon: "pi pi-th-large" },
  { label: "Garantías", icon: "pi pi-shield" },
  { label: "Mapa de calor", icon: "pi pi-map" },
  { label: "Locatario", icon: "pi pi-shopping-bag" },
  { label: "Administración", icon: "pi pi-cog" },
] as const;

export type MenuGroup = (typeof MENU_GROUPS)[number]["label"];

/** A screen the menu offers: one permission (the role editor groups permissions by the menu's sections). */
export interface MenuScreen {
  title: string;
  permission: PermissionId;
  /** A tenant screen: the session must have chosen a contract (else the choice opens). */
  tenant?: "contract";
  menu: {
    group: MenuGroup;
    /** The entry's icon, when not the section's plain arrow. */
    icon?: string;
    /** The entry's text, when shorter than the title. */
    label?: string;
  };
}

/** A screen reached from another one (a detail, the contract choice). */
interface OtherScreen {
  /** None when the screen draws its own heading (the toolbar then shows no title). */
  title?: string;
  /** Any of these lets the role in. */
  permission?: PermissionId | readonly PermissionId[];
  /** "contract": a tenant screen with a contract chosen; "role": any tenant user, whatever its permissions. */
  tenant?: "contract" | "role";
  menu?: undefined;
}

export type Screen = MenuScreen | OtherScreen;

/** Every signed-in screen; the menu lists those with `menu` in this order. */
export const SCREENS = {
  // Centro administrativo
  "/dashboard": {
    title: "Dashboard",
    permission: P.DASHBOARD_MALL,
    menu: { group: "Centro administrativo", icon: "pi pi-home" },
  },
  "/indicadoresVentaMensual": {
    title: "Ventas Mensual",
    permission: P.VENTAS_MENSUAL,
    menu: { group: "Centro administrativo", icon: "pi pi-chart-line" },
  },
  "/ventaGeneral": {
    title: "Venta General",
    permission: P.VENTAS_GENERAL,
    menu: { group: "Centro administrativo", icon: "pi pi-chart-bar" },
  },
  "/bitacoraEventos": {
    title: "Bitácora de Eventos",
    permission: P.BITACORA_EVENTOS,
    menu: { group: "Centro administrativo", icon: "pi pi-calendar" },
  },
  // Locatarios
  "/Locatario/Index": {
    title: "Locatarios",
    permission: P.LOCATARIOS,
    menu: { group: "Locatarios", icon: "pi pi-briefcase" },
  },
  "/Contrato/ContratoIndex": {
    title: "Actualizar Contratos",
    permission: P.ACTUALIZAR_CONTRATOS,
    menu: { group: "Locatarios", icon: "pi pi-file-edit" },
  },
  // Reporting
  "/Reportes/GeneralVentas": {
    title: "Reporte General de Ventas",
    permission: P.GENERAL_VENTAS,
    menu: { group: "Reporting" },
  },
  "/Reportes/VentaconContrato": {
    title: "Ventas Presupuesto",
    permission: P.VENTAS_PRESUPUESTO,
    menu: { group: "Reporting" },
  },
  "/Reportes/DiarioComparativoVentas": {
    title: "Diario Comparativo",
    permission: P.DIARIO_COMPARATIVO,
    menu: { group: "Reporting" },
  },
  "/Reportes/ComparativoVentas": {
    title: "Comparativo de Ventas",
    permission: P.COMPARATIVO_VENTAS,
    menu: { group: "Reporting" },
  },
  "/Reportes/RankingVentasPorMall": {
    title: "Ranking de Ventas por Mall",
    permission: P.RANKING_MALL,
    menu: { group: "Reporting" },
  },
  "/Reportes/RankVentas": {
    title: "Ranking de Ventas",
    permission: P.RANKING_VENTAS,
    menu: { group: "Reporting" },
  },
  "/Reportes/EvolucionVentas": {
    title: "Evolución Ventas por CEBE",
    permission: P.EVOLUCION_VENTAS,
    menu: { group: "Reporting" },
  },
  "/Reportes/EvolucionVentasTienda": {
    title: "Evolución Ventas por Tienda",
    permission: P.EVOLUCION_VENTAS_TIENDA,
    menu: { group: "Reporting" },
  },
  "/Reportes/VentasPorCategoria": {
    title: "Ventas por Categoría",
    permission: P.VENTAS_CATEGORIA,
    menu: { group: "Reporting" },
  },
  "/Reportes/ExploradorVentas": {
    title: "Explorador de Ventas",
    permission: P.EXPLORADOR_VENTAS,
    menu: { group: "Reporting" },
  },
  "/Reportes/VentasM2xLocatario": {
    title: "Ventas m2 por Locatario",
    permission: P.VENTAS_LOCATARIOS_M2,
    menu: { group: "Reporting" },
  },
  "/Reportes/ReporteDiaIndex": {
    title: "Ventas por Día",
    permission: P.VENTAS_POR_DIA,
    menu: { group: "Reporting" },
  },
  "/Reportes/ReporteProvisionVentas": {
    title: "Provisión de Ventas",
    permission: P.REPORTE_PROVISION,
    menu: { group: "Reporting" },
  },
  "/Reportes/ReporteProyeccionesIndex": {
    title: "Flash Semanal",
    permission: P["REPORTE_PROYECCIÓN"],
    menu: { group: "Reporting" },
  },
  "/Reportes/AfluenciaDiariaPeatonal": {
    title: "Afluencia Diaria Peatonal",
    permission: P.AFLUENCIA_DIARIA_PEATONAL,
    menu: { group: "Reporting" },
  },
  "/Reportes/AfluenciaMensualPeatonal": {
    title: "Afluencia Mensual Peatonal",
    permission: P.AFLUENCIA_MENSUAL_PEATONAL,
    menu: { group: "Reporting" },
  },
  "/Reportes/AfluenciaDiariaParking": {
    title: "Afluencia Diaria Parking",
    permission: P.AFLUENCIA_DIARIA_PARKING,
    menu: { group: "Reporting" },
  },
  "/Reportes/AfluenciaMensualParking": {
    title: "Afluencia Mensual Parking",
    permission: P.AFLUENCIA_MENSUAL_PARKING,
    menu: { group: "Reporting" },
  },
  // Módulos
  "/Blacklist/Index": {
    title: "Lista Roja",
    permission: P.LISTA_ROJA,
    menu: { group: "Módulos", icon: "pi pi-exclamation-triangle" },
  },
  "/Estadocuenta/Index": {
    title: "Estado de Cuenta",
    permission: P.ESTADO_CUENTA,
    menu: { group: "Módulos", icon: "pi pi-wallet" },
  },
  "/Amonestacion/Registro": {
    title: "Registro de Amonestación",
    permission: P.REGISTRO_AMONESTACION,
    menu: { group: "Módulos", icon: "pi pi-pencil" },
  },
  "/Amonestacion/Aprobacion": {
    title: "Vista de Amonestaciones",
    permission: P.VISTA_AMONESTACIONES,
    menu: { group: "Módulos", icon: "pi pi-list-check" },
  },
  "/Inflacion/Index": {
    title: "Inflación",
    permission: P.INFLACION,
    menu: { group: "Módulos", icon: "pi pi-percentage" },
  },
  "/Bloqueo/Index": {
    title: "Bloquear Cierres",
    permission: P.BLOQUEAR_CIERRES,
    menu: { group: "Módulos", icon: "pi pi-lock" },
  },
  // Garantías
  "/garantias/dashboard_garantia": {
    title: "Dashboard de Garantías",
    permission: P.GARANTIAS_DASHBOARD,
    menu: { group: "Garantías" },
  },
  "/garantias/listado_garantias_revision": {
    title: "Revisión de Garantías",
    permission: P.GARANTIAS_REVISION,
    menu: { group: "Garantías" },
  },
  "/garantias/listado_garantias_rev_2": {
    title: "Revisión de Garantías 2",
    permission: P.GARANTIAS_REVISION_2,
    menu: { group: "Garantías" },
  },
  "/garantias/listado_garantias_recepcion": {
    title: "Recepción de Garantía",
    permission: P.GARANTIAS_RECEPCION,
    menu: { group: "Garantías" },
  },
  "/garantias/listado_garantias_boveda": {
    title: "Bóveda de Garantías",
    permission: P.GARANTIAS_UBICACION_CARTA_FIANZA,
    menu: { group: "Garantías" },
  },
  "/garantias/listado_garantias_excepcion": {
    title: "Excepción de Garantía",
    permission: P.GARANTIAS_EXCEPCION,
    menu: { group: "Garantías" },
  },
  "/garantias/listado_garantias_requerimiento": {
    title: "Requerimiento de CF",
    permission: P.GARANTIAS_REQUERIMIENTO_CARTA_FIANZA,
    menu: { group: "Garantías" },
  },
  // Mapa de calor
  "/mapas/vistaGeneralIndicadorVentas": {
    title: "Indicador de Ventas",
    permission: P.MAPA_CALOR_INDICADOR_VENTAS,
    menu: { group: "Mapa de calor" },
  },
  "/mapas/vistaGeneralReporteCierre": {
    title: "Reporte de Cierre",
    permission: P.MAPA_CALOR_REPORTE_CIERRE,
    menu: { group: "Mapa de calor" },
  },
  "/mapas/vacancy": {
    title: "Vacancy",
    permission: P.MAPA_CALOR_VACANCY,
    menu: { group: "Mapa de calor" },
  },
  "/mapas/allInVista": {
    title: "All In",
    permission: P.MAPA_CALOR_ALL_IN,
    menu: { group: "Mapa de calor" },
  },
  "/mapas/allInGestionCategoria": {
    title: "Gestión de Categorías",
    permission: P.MAPA_CALOR_ALL_IN,
    menu: { group: "Mapa de calor" },
  },
  "/Mapas/ModificarMapas": {
    title: "Mantenimiento",
    permission: P.MAPA_CALOR_MANTENIMIENTO,
    menu: { group: "Mapa de calor" },
  },
  // Locatario (the tenant's screens)
  "/locatario/dashboard": {
    title: "Dashboard Locatario",
    permission: P.DASHBOARD_LOCATARIO,
    tenant: "contract",
    menu: { group: "Locatario", icon: "pi pi-home", label: "Dashboard" },
  },
  "/cierreVentas/registrarCierre": {
    title: "Registrar Cierre de Ventas",
    permission: P.REGISTRAR_CIERRE_VENTA_LOCATARIO,
    tenant: "contract",
    menu: { group: "Locatario", icon: "pi pi-plus-circle", label: "Registrar Cierre" },
  },
  "/cierreVentas/consultarCierre": {
    title: "Consultar Cierre de Ventas",
    permission: P.CONSULTA_CIERRE_LOCATARIO,
    tenant: "contract",
    menu: { group: "Locatario", icon: "pi pi-search", label: "Consultar Cierre" },
  },
  "/garantias": {
    title: "Garantías",
    permission: P.GARANTIAS_LOCATARIO,
    tenant: "contract",
    menu: { group: "Locatario", icon: "pi pi-shield" },
  },
  "/estadoCuenta/EstadoCuenta": {
    title: "Estado de Cuenta",
    permission: P.ESTADO_CUENTA_LOCATARIO,
    tenant: "contract",
    menu: { group: "Locatario", icon: "pi pi-wallet" },
  },
  "/locatario/administracion": {
    title: "Administración de Usuarios",
    permission: P.GESTION_USUARIOS_LOCATARIO,
    tenant: "contract",
    menu: { group: "Locatario", icon: "pi pi-users", label: "Administración" },
  },
  // Administración
  "/Admin/UsersManagement": {
    title: "Usuarios",
    permission: P.GESTION_USUARIOS,
    menu: { group: "Administración", icon: "pi pi-user" },
  },
  "/Admin/RoleManagement": {
    title: "Roles & Permisos",
    permission: P.GESTION_ROLES,
    menu: { group: "Administración", icon: "pi pi-key" },
  },
  "/Admin/Buzon": {
    title: "Buzón de correo",
    permission: P.GESTION_USUARIOS,
    menu: { group: "Administración", icon: "pi pi-envelope" },
  },
  "/configuracion-global": {
    title: "Configuración global",
    permission: P.SUPERADMIN_CONFIG,
    menu: { group: "Administración", icon: "pi pi-sliders-h" },
  },
  "/configuracion-garantias": {
    title: "Configuración de Garantías",
    permission: P.SUPERADMIN_CONFIG,
    menu: { group: "Administración", icon: "pi pi-shield" },
  },
  "/Admin/CierreMes": {
    title: "Cierre de Mes",
    permission: P.SUPERADMIN_CONFIG,
    menu: { group: "Administración", icon: "pi pi-calendar-times" },
  },
  "/Admin/ContratosSimiles": {
    title: "Contratos Símiles",
    permission: P.SUPERADMIN_CONFIG,
    menu: { group: "Administración", icon: "pi pi-clone" },
  },
  // Reached from another screen. The guarantee details draw their own heading (it depends on the screen's state).
  // Any tenant user, whatever its permissions: the contract comes before every tenant screen.
  "/locatario/seleccionar-contrato": { title: "Seleccionar Contrato", tenant: "role" },
  "/garantias_view/$id": { permission: GUARANTEE_STAFF_VIEW },
  "/garantias_revision/$id": { permission: GUARANTEE_REVIEWERS },
  "/garantias_excepcion/$id": { permission: P.GARANTIAS_EXCEPCION },
  "/garantias_revision_excepcion/$id": { permission: P.GARANTIAS_EXCEPCION },
  "/garantias_view_excepcion/$id": { permission: P.GARANTIAS_EXCEPCION },
  "/garantias_view_locatario/$id": { permission: P.GARANTIAS_LOCATARIO, tenant: "contract" },
  "/actualizar_garantia/$id": { permission: P.GARANTIAS_LOCATARIO, tenant: "contract" },
} as const satisfies { readonly [U in ScreenPath]?: Screen };

/** A URL the registry knows. */
export type ScreenKey = keyof typeof SCREENS;

/** A screen's entry, read as the registry's general shape. */
export const screenAt = (path: ScreenKey): Screen => SCREENS[path];

/** The route ids of the registry's screens (what their route files pass to createFileRoute). */
export type ScreenRouteId = RouteIdOf<ScreenKey>;

/** The screen a route id belongs to (`/_app/garantias/` is `/garantias`), if the registry has it. */
export function screenOfRoute(routeId: string): Screen | undefined {
  if (!routeId.startsWith("/_app/")) return undefined;
  const path = routeId.slice("/_app".length).replace(/(.)\/$/, "$1");
  return isScreenKey(path) ? screenAt(path) : undefined;
}

const isScreenKey = (path: string): path is ScreenKey => Object.hasOwn(SCREENS, path);

export const isMenuScreen = (s: Screen): s is MenuScreen => s.menu !== undefined;
