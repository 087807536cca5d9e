import { hasAnyPermission, type Session } from "../../lib/session.ts";

export interface MenuEntry {
  label: string;
  to: string;
  icon: string;
  /** The permission id (spec 1 section 6) the entry's screen requires. */
  permission: string;
}

export interface MenuSection {
  label: string;
  icon: string;
  entries: MenuEntry[];
}

const e = (label: string, to: string, permission: string, icon = "pi pi-angle-right"): MenuEntry => ({
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
      e("Dashboard", "/dashboard", "DASHBOARD_MALL", "pi pi-home"),
      e("Ventas Mensual", "/indicadoresVentaMensual", "VENTAS_MENSUAL", "pi pi-chart-line"),
      e("Venta General", "/ventaGeneral", "VENTAS_GENERAL", "pi pi-chart-bar"),
      e("Bitácora de Eventos", "/bitacoraEventos", "BITACORA_EVENTOS", "pi pi-calendar"),
    ],
  },
  {
    label: "Locatarios",
    icon: "pi pi-shop",
    entries: [
      e("Locatarios", "/Locatario/Index", "LOCATARIOS", "pi pi-briefcase"),
      e("Actualizar Contratos", "/Contrato/ContratoIndex", "ACTUALIZAR_CONTRATOS", "pi pi-file-edit"),
    ],
  },
  {
    label: "Reporting",
    icon: "pi pi-chart-pie",
    entries: [
      e("Reporte General de Ventas", "/Reportes/GeneralVentas", "GENERAL_VENTAS"),
      e("Ventas Presupuesto", "/Reportes/VentaconContrato", "VENTAS_PRESUPUESTO"),
      e("Diario Comparativo", "/Reportes/DiarioComparativoVentas", "DIARIO_COMPARATIVO"),
      e("Comparativo de Ventas", "/Reportes/ComparativoVentas", "COMPARATIVO_VENTAS"),
      e("Ranking de Ventas por Mall", "/Reportes/RankingVentasPorMall", "RANKING_MALL"),
      e("Ranking de Ventas", "/Reportes/RankVentas", "RANKING_VENTAS"),
      e("Evolución Ventas por CEBE", "/Reportes/EvolucionVentas", "EVOLUCION_VENTAS"),
      e("Evolución Ventas por Tienda", "/Reportes/EvolucionVentasTienda", "EVOLUCION_VENTAS_TIENDA"),
      e("Ventas por Categoría", "/Reportes/VentasPorCategoria", "VENTAS_CATEGORIA"),
      e("Ventas m2 por Locatario", "/Reportes/VentasM2xLocatario", "VENTAS_LOCATARIOS_M2"),
      e("Ventas por Día", "/Reportes/ReporteDiaIndex", "VENTAS_POR_DIA"),
      e("Provisión de Ventas", "/Reportes/ReporteProvisionVentas", "REPORTE_PROVISION"),
      e("Flash Semanal", "/Reportes/ReporteProyeccionesIndex", "REPORTE_PROYECCIÓN"),
      e("Afluencia Diaria Peatonal", "/Reportes/AfluenciaDiariaPeatonal", "AFLUENCIA_DIARIA_PEATONAL"),
      e("Afluencia Mensual Peatonal", "/Reportes/AfluenciaMensualPeatonal", "AFLUENCIA_MENSUAL_PEATONAL"),
      e("Afluencia Diaria Parking", "/Reportes/AfluenciaDiariaParking", "AFLUENCIA_DIARIA_PARKING"),
      e("Afluencia Mensual Parking", "/Reportes/AfluenciaMensualParking", "AFLUENCIA_MENSUAL_PARKING"),
    ],
  },
  {
    label: "Módulos",
    icon: "pi pi-th-large",
    entries: [
      e("Lista Roja", "/Blacklist/Index", "LISTA_ROJA", "pi pi-exclamation-triangle"),
      e("Estado de Cuenta", "/Estadocuenta/Index", "ESTADO_CUENTA", "pi pi-wallet"),
      e("Registro de Amonestación", "/Amonestacion/Registro", "REGISTRO_AMONESTACION", "pi pi-pencil"),
      e("Vista de Amonestaciones", "/Amonestacion/Aprobacion", "VISTA_AMONESTACIONES", "pi pi-list-check"),
      e("Inflación", "/Inflacion/Index", "INFLACION", "pi pi-percentage"),
      e("Bloquear Cierres", "/Bloqueo/Index", "BLOQUEAR_CIERRES", "pi pi-lock"),
    ],
  },
  {
    label: "Garantías",
    icon: "pi pi-shield",
    entries: [
      e("Dashboard de Garantías", "/garantias/dashboard_garantia", "GARANTIAS_DASHBOARD"),
      e("Revisión de Garantías", "/garantias/listado_garantias_revision", "GARANTIAS_REVISION"),
      e("Revisión de Garantías 2", "/garantias/listado_garantias_rev_2", "GARANTIAS_REVISION_2"),
      e("Recepción de Garantía", "/garantias/listado_garantias_recepcion", "GARANTIAS_RECEPCION"),
      e("Bóveda de Garantías", "/garantias/listado_garantias_boveda", "GARANTIAS_UBICACION_CARTA_FIANZA"),
      e("Excepción de Garantía", "/garantias/listado_garantias_excepcion", "GARANTIAS_EXCEPCION"),
      e(
        "Requerimiento de CF",
        "/garantias/listado_garantias_requerimiento",
        "GARANTIAS_REQUERIMIENTO_CARTA_FIANZA",
      ),
    ],
  },
  {
    label: "Mapa de calor",
    icon: "pi pi-map",
    entries: [
      e("Indicador de Ventas", "/mapas/vistaGeneralIndicadorVentas", "MAPA_CALOR_INDICADOR_VENTAS"),
      e("Reporte de Cierre", "/mapas/vistaGeneralReporteCierre", "MAPA_CALOR_REPORTE_CIERRE"),
      e("Vacancy", "/mapas/vacancy", "MAPA_CALOR_VACANCY"),
      e("All In", "/mapas/allInVista", "MAPA_CALOR_ALL_IN"),
      e("Gestión de Categorías", "/mapas/allInGestionCategoria", "MAPA_CALOR_ALL_IN"),
      e("Mantenimiento", "/Mapas/ModificarMapas", "MAPA_CALOR_MANTENIMIENTO"),
    ],
  },
  {
    label: "Locatario",
    icon: "pi pi-shopping-bag",
    entries: [
      e("Dashboard", "/locatario/dashboard", "DASHBOARD_LOCATARIO", "pi pi-home"),
      e(
        "Registrar Cierre",
        "/cierreVentas/registrarCierre",
        "REGISTRAR_CIERRE_VENTA_LOCATARIO",
        "pi pi-plus-circle",
      ),
      e("Consultar Cierre", "/cierreVentas/consultarCierre", "CONSULTA_CIERRE_LOCATARIO", "pi pi-search"),
      e("Garantías", "/garantias", "GARANTIAS_LOCATARIO", "pi pi-shield"),
      e("Estado de Cuenta", "/estadoCuenta/EstadoCuenta", "ESTADO_CUENTA_LOCATARIO", "pi pi-wallet"),
      e("Administración", "/locatario/administracion", "GESTION_USUARIOS_LOCATARIO", "pi pi-users"),
    ],
  },
  {
    label: "Administración",
    icon: "pi pi-cog",
    entries: [
      e("Usuarios", "/Admin/UsersManagement", "GESTION_USUARIOS", "pi pi-user"),
      e("Roles & Permisos", "/Admin/RoleManagement", "GESTION_ROLES", "pi pi-key"),
      e("Buzón de correo", "/Admin/Buzon", "GESTION_USUARIOS", "pi pi-envelope"),
      e("Configuración global", "/configuracion-global", "SUPERADMIN_CONFIG", "pi pi-sliders-h"),
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
