// The 'Reportes' dropdown of the review screens (spec 3 section 2.3): four Excel files computed on the server
// over every guarantee the user may see (staff of the review screens see them all). Pure: ids, labels, paths.
import { z } from "zod";

export const GUARANTEE_REPORTS = {
  carta_data_entrega: "Datos Retorno/Entrega",
  status_renovacion_carta_fianza: "Status Renovación Carta Fianza",
  vencimiento_carta_fianza: "Vencimiento Carta Fianza",
  cambio_tipo_garantia: "Cambio Tipo Garantía",
} as const;

export type GuaranteeReportId = keyof typeof GUARANTEE_REPORTS;

export const REPORT_IDS = Object.keys(GUARANTEE_REPORTS) as GuaranteeReportId[];

export const reportParam = z.object({
  report: z.enum(REPORT_IDS as [GuaranteeReportId, ...GuaranteeReportId[]], { error: "Reporte inválido." }),
});

/** GET answers the .xlsx file as an attachment (one sheet, a header row, one row per record). */
export const GUARANTEE_REPORTS_API = {
  report: (id: GuaranteeReportId) => `/api/guarantee-reports/${id}`,
};

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
