// The tenant's account statement screen: its own customer's statement (components/statement).
import { useQuery } from "@tanstack/react-query";
import { StatementView } from "../../components/statement/statement-view.tsx";
import { debtQuery, statementQuery } from "./api.ts";

/** The account statement of the session's own customer (RUC), as the collections system reports it. */
export function StatementScreen() {
  const { data: s } = useQuery(statementQuery);
  if (!s) return null;
  return <StatementView s={s} debtQuery={debtQuery} />;
}
