// The typed contract code of Flash Semanal and Provisión de Ventas: typed freely (upper case, the code's
// characters only), applied on Enter, and set back to the URL's when that changes.

import { InputText } from "primereact/inputtext";
import { useEffect, useState } from "react";

export function ContractCodeFilter(props: { value: string; onApply: (code: string) => void }) {
  const [code, setCode] = useState(props.value);
  useEffect(() => setCode(props.value), [props.value]);
  return (
    <div className="filter">
      <label htmlFor="contrato">Código de contrato</label>
      <InputText
        id="contrato"
        value={code}
        placeholder="Todos (Enter para aplicar)"
        onChange={(e) => setCode(e.target.value.toUpperCase().replace(/[^A-Z0-9_.-]/g, "").slice(0, 30))}
        onKeyDown={(e) => {
          if (e.key === "Enter") props.onApply(code.trim());
        }}
      />
    </div>
  );
}
