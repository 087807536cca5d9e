// The permission ids of spec 1 section 6, one table for the server's guards, the SPA's route gates and menu,
// and the extract families. The labels are the ones sql/004_reference.sql seeds (tests/unit checks they agree).

export const PERMISSIONS = {
  GESTION_USUARIOS: "Gestión de usuarios",
  GESTION_ROLES: "Gestión de roles",
  DASHBOARD_MALL: "Dashboard",
  VENTAS_MENSUAL: "Ventas Mensual",
  VENTAS_GENERAL: "Venta General",
  BITACORA_EVENTOS: "Bitácora de Eventos",
  LOCATARIOS: "Locatarios",
  ACTUALIZAR_CONTRATOS: "Actualizar Contratos",
  GENERAL_VENTAS: "Reporte General de Ventas",
  VENTAS_PRESUPUESTO: "Ventas Presupuesto",
  DIARIO_COMPARATIVO: "Diario Comparativo",
  COMPARATIVO_VENTAS: "Comparativo de Ventas",
  RANKING_MALL: "Ranking de Ventas por Mall",
  RANKING_VENTAS: "Ranking de Ventas",
  EVOLUCION_VENTAS: "Evolución Ventas por CEBE",
  EVOLUCION_VENTAS_TIENDA: "Evolución Ventas por Tienda",
  VENTAS_CATEGORIA: "Ventas por Categoría",
  VENTAS_LOCATARIOS_M2: "Ventas m2 por Locatario",
  VENTAS_POR_DIA: "Ventas por Día",
  REPORTE_PROVISION: "Reporte Provisión de Ventas",
  "REPORTE_PROYECCIÓN": "Flash Semanal",
  /** Issue 41: seeded by sql/045_explorer_permission.sql (sort 51), not by 004. */
  EXPLORADOR_VENTAS: "Explorador de Ventas",
  AFLUENCIA_DIARIA_PEATONAL: "Afluencia Diaria Peatonal",
  AFLUENCIA_MENSUAL_PEATONAL: "Afluencia Mensual Peatonal",
  AFLUENCIA_DIARIA_PARKING: "Afluencia Diaria Parking",
  AFLUENCIA_MENSUAL_PARKING: "Afluencia Mensual Parking",
  LISTA_ROJA: "Lista Roja",
  ESTADO_CUENTA: "Estado de Cuenta",
  MAPA_CALOR_INDICADOR_VENTAS: "Mapa de calor: Indicador de Ventas",
  MAPA_CALOR_REPORTE_CIERRE: "Mapa de calor: Reporte de Cierre",
  MAPA_CALOR_VACANCY: "Mapa de calor: Vacancy",
  MAPA_CALOR_ALL_IN: "Mapa de calor: All In",
  MAPA_CALOR_MANTENIMIENTO: "Mapa de calor: Mantenimiento",
  REGISTRO_AMONESTACION: "Registro de Amonestación",
  VISTA_AMONESTACIONES: "Vista de Amonestaciones",
  INFLACION: "Inflación",
  BLOQUEAR_CIERRES: "Bloquear Cierres",
  DASHBOARD_LOCATARIO: "Dashboard Locatario",
  REGISTRAR_CIERRE_VENTA_LOCATARIO: "Registrar Cierre de Venta",
  CONSULTA_CIERRE_LOCATARIO: "Consulta de Cierres",
  GESTION_USUARIOS_LOCATARIO: "Usuarios del Locatario",
  ESTADO_CUENTA_LOCATARIO: "Estado de Cuenta Locatario",
  GARANTIAS_LOCATARIO: "Garantías Locatario",
  SUPERADMIN_CONFIG: "Configuración Superadmin",
  GARANTIAS_REVISION: "Garantías: Revisión",
  GARANTIAS_REVISION_2: "Garantías: Revisión 2",
  GARANTIAS_REQUERIMIENTO_CARTA_FIANZA: "Garantías: Requerimiento Carta Fianza",
  GARANTIAS_RECEPCION: "Garantías: Recepción",
  GARANTIAS_UBICACION_CARTA_FIANZA: "Garantías: Ubicación Carta Fianza",
  GARANTIAS_EXCEPCION: "Garantías: Excepción",
  GARANTIAS_DASHBOARD: "Garantías: Dashboard",
} as const;

export type PermissionId = keyof typeof PERMISSIONS;

/** The ids by name, so a misspelt permission is a compile error: `P.VENTAS_GENERAL`. */
export const P = Object.fromEntries(Object.keys(PERMISSIONS).map((k) => [k, k])) as {
  readonly [K in PermissionId]: K;
};

export const isPermissionId = (x: string): x is PermissionId => Object.hasOwn(PERMISSIONS, x);
