import { P, type PermissionId } from "../../../../contract/permissions.ts";
import { hasAnyPermission, type Session } from "../../lib/session.ts";

export interface MenuEntry {
  label: string;
  to: string;
  icon: string;
  /** The permission id (spec 1 section 6) the entry's screen requires. */
  permission: PermissionId;
}

export interface MenuSection {
  label: string;
  icon: string;
  entries: MenuEntry[];
}

const e = (label: string, to: string, permission: PermissionId, icon = "pi pi-angle-right"): MenuEntry => ({
  label,
  to,
  permission,
  icon,
});

/** The whole portal menu: staff (spec 2 and 3), tenant and administration sections. */
export const MENU: MenuSection[] = [
  {
    label: "Centro administrativo",
    icon: "pi pi-building",
    entries: [
      e("Dashboard", "/dashboard", P.DASHBOARD_MALL, "pi pi-home"),
      e("Ventas Mensual", "/indicadoresVentaMensual", P.VENTAS_MENSUAL, "pi pi-chart-line"),
      e("Venta General", "/ventaGeneral", P.VENTAS_GENERAL, "pi pi-chart-bar"),
      e("Bitácora de Eventos", "/bitacoraEventos", P.BITACORA_EVENTOS, "pi pi-calendar"),
    ],
  },
  {
    label: "Locatarios",
    icon: "pi pi-shop",
    entries: [
      e("Locatarios", "/Locatario/Index", P.LOCATARIOS, "pi pi-briefcase"),
      e("Actualizar Contratos", "/Contrato/ContratoIndex", P.ACTUALIZAR_CONTRATOS, "pi pi-file-edit"),
    ],
  },
  {
    label: "Reporting",
    icon: "pi pi-chart-pie",
    entries: [
      e("Reporte General de Ventas", "/Reportes/GeneralVentas", P.GENERAL_VENTAS),
      e("Ventas Presupuesto", "/Reportes/VentaconContrato", P.VENTAS_PRESUPUESTO),
      e("Diario Comparativo", "/Reportes/DiarioComparativoVentas", P.DIARIO_COMPARATIVO),
      e("Comparativo de Ventas", "/Reportes/ComparativoVentas", P.COMPARATIVO_VENTAS),
      e("Ranking de Ventas por Mall", "/Reportes/RankingVentasPorMall", P.RANKING_MALL),
      e("Ranking de Ventas", "/Reportes/RankVentas", P.RANKING_VENTAS),
      e("Evolución Ventas por CEBE", "/Reportes/EvolucionVentas", P.EVOLUCION_VENTAS),
      e("Evolución Ventas por Tienda", "/Reportes/EvolucionVentasTienda", P.EVOLUCION_VENTAS_TIENDA),
      e("Ventas por Categoría", "/Reportes/VentasPorCategoria", P.VENTAS_CATEGORIA),
      e("Explorador de Ventas", "/Reportes/ExploradorVentas", P.EXPLORADOR_VENTAS),
      e("Ventas m2 por Locatario", "/Reportes/VentasM2xLocatario", P.VENTAS_LOCATARIOS_M2),
      e("Ventas por Día", "/Reportes/ReporteDiaIndex", P.VENTAS_POR_DIA),
      e("Provisión de Ventas", "/Reportes/ReporteProvisionVentas", P.REPORTE_PROVISION),
      e("Flash Semanal", "/Reportes/ReporteProyeccionesIndex", P.REPORTE_PROYECCIÓN),
      e("Afluencia Diaria Peatonal", "/Reportes/AfluenciaDiariaPeatonal", P.AFLUENCIA_DIARIA_PEATONAL),
      e("Afluencia Mensual Peatonal", "/Reportes/AfluenciaMensualPeatonal", P.AFLUENCIA_MENSUAL_PEATONAL),
      e("Afluencia Diaria Parking", "/Reportes/AfluenciaDiariaParking", P.AFLUENCIA_DIARIA_PARKING),
      e("Afluencia Mensual Parking", "/Reportes/AfluenciaMensualParking", P.AFLUENCIA_MENSUAL_PARKING),
    ],
  },
  {
    label: "Módulos",
    icon: "pi pi-th-large",
    entries: [
      e("Lista Roja", "/Blacklist/Index", P.LISTA_ROJA, "pi pi-exclamation-triangle"),
      e("Estado de Cuenta", "/Estadocuenta/Index", P.ESTADO_CUENTA, "pi pi-wallet"),
      e("Registro de Amonestación", "/Amonestacion/Registro", P.REGISTRO_AMONESTACION, "pi pi-pencil"),
      e("Vista de Amonestaciones", "/Amonestacion/Aprobacion", P.VISTA_AMONESTACIONES, "pi pi-list-check"),
      e("Inflación", "/Inflacion/Index", P.INFLACION, "pi pi-percentage"),
      e("Bloquear Cierres", "/Bloqueo/Index", P.BLOQUEAR_CIERRES, "pi pi-lock"),
    ],
  },
  {
    label: "Garantías",
    icon: "pi pi-shield",
    entries: [
      e("Dashboard de Garantías", "/garantias/dashboard_garantia", P.GARANTIAS_DASHBOARD),
      e("Revisión de Garantías", "/garantias/listado_garantias_revision", P.GARANTIAS_REVISION),
      e("Revisión de Garantías 2", "/garantias/listado_garantias_rev_2", P.GARANTIAS_REVISION_2),
      e("Recepción de Garantía", "/garantias/listado_garantias_recepcion", P.GARANTIAS_RECEPCION),
      e("Bóveda de Garantías", "/garantias/listado_garantias_boveda", P.GARANTIAS_UBICACION_CARTA_FIANZA),
      e("Excepción de Garantía", "/garantias/listado_garantias_excepcion", P.GARANTIAS_EXCEPCION),
      e(
        "Requerimiento de CF",
        "/garantias/listado_garantias_requerimiento",
        P.GARANTIAS_REQUERIMIENTO_CARTA_FIANZA,
      ),
    ],
  },
  {
    label: "Mapa de calor",
    icon: "pi pi-map",
    entries: [
      e("Indicador de Ventas", "/mapas/vistaGeneralIndicadorVentas", P.MAPA_CALOR_INDICADOR_VENTAS),
      e("Reporte de Cierre", "/mapas/vistaGeneralReporteCierre", P.MAPA_CALOR_REPORTE_CIERRE),
      e("Vacancy", "/mapas/vacancy", P.MAPA_CALOR_VACANCY),
      e("All In", "/mapas/allInVista", P.MAPA_CALOR_ALL_IN),
      e("Gestión de Categorías", "/mapas/allInGestionCategoria", P.MAPA_CALOR_ALL_IN),
      e("Mantenimiento", "/Mapas/ModificarMapas", P.MAPA_CALOR_MANTENIMIENTO),
    ],
  },
  {
    label: "Locatario",
    icon: "pi pi-shopping-bag",
    entries: [
      e("Dashboard", "/locatario/dashboard", P.DASHBOARD_LOCATARIO, "pi pi-home"),
      e(
        "Registrar Cierre",
        "/cierreVentas/registrarCierre",
        P.REGISTRAR_CIERRE_VENTA_LOCATARIO,
        "pi pi-plus-circle",
      ),
      e("Consultar Cierre", "/cierreVentas/consultarCierre", P.CONSULTA_CIERRE_LOCATARIO, "pi pi-search"),
      e("Garantías", "/garantias", P.GARANTIAS_LOCATARIO, "pi pi-shield"),
      e("Estado de Cuenta", "/estadoCuenta/EstadoCuenta", P.ESTADO_CUENTA_LOCATARIO, "pi pi-wallet"),
      e("Administración", "/locatario/administracion", P.GESTION_USUARIOS_LOCATARIO, "pi pi-users"),
    ],
  },
  {
    label: "Administración",
    icon: "pi pi-cog",
    entries: [
      e("Usuarios", "/Admin/UsersManagement", P.GESTION_USUARIOS, "pi pi-user"),
      e("Roles & Permisos", "/Admin/RoleManagement", P.GESTION_ROLES, "pi pi-key"),
      e("Buzón de correo", "/Admin/Buzon", P.GESTION_USUARIOS, "pi pi-envelope"),
      e("Configuración global", "/configuracion-global", P.SUPERADMIN_CONFIG, "pi pi-sliders-h"),
      e("Configuración de Garantías", "/configuracion-garantias", P.SUPERADMIN_CONFIG, "pi pi-shield"),
      e("Cierre de Mes", "/Admin/CierreMes", P.SUPERADMIN_CONFIG, "pi pi-calendar-times"),
      e("Contratos Símiles", "/Admin/ContratosSimiles", P.SUPERADMIN_CONFIG, "pi pi-clone"),
    ],
  },
];

/**
 * The sections the role may see, each with only the entries it may open among the screens this build has
 * (the menu lists the whole spec; a screen not built yet is not offered as a link to a 404).
 */
export function menuFor(session: Session, built: (path: string) => boolean = () => true): MenuSection[] {
  return MENU.map((s) => ({
    ...s,
    entries: s.entries.filter((x) => hasAnyPermission(session, [x.permission]) && built(x.to)),
  }))
    .filter((s) => s.entries.length > 0);
}

/** The section a path belongs to (for breadcrumbs), matched without regard to case. */
export function sectionOf(pathname: string): MenuSection | undefined {
  const p = pathname.toLowerCase();
  return MENU.find((s) => s.entries.some((x) => x.to.toLowerCase() === p));
}
