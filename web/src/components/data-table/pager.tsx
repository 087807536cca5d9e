/**
 * The table's pager, in Spanish. PrimeReact 10.9's Paginator carries a private copy of its locale table,
 * so the Spanish locale never reaches its labels; this one uses the theme's paginator classes instead.
 */
export function Pager(
  { page, pageSize, total, onPage }: {
    page: number;
    pageSize: number;
    total: number;
    onPage: (p: number) => void;
  },
) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = Math.max(1, Math.min(page - 2, pages - 4));
  const numbers = Array.from({ length: Math.min(5, pages) }, (_, i) => first + i);
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);

  const step = (target: number, label: string, icon: string, cls: string) => {
    const disabled = target < 1 || target > pages || target === page;
    return (
      <button
        type="button"
        className={`${cls} p-paginator-element p-link${disabled ? " p-disabled" : ""}`}
        aria-label={label}
        disabled={disabled}
        onClick={() => onPage(target)}
      >
        <i className={`pi ${icon}`} aria-hidden="true" />
      </button>
    );
  };

  return (
    <nav className="p-paginator p-component dt-pager" aria-label="Paginación">
      {step(1, "Primera página", "pi-angle-double-left", "p-paginator-first")}
      {step(page - 1, "Página anterior", "pi-angle-left", "p-paginator-prev")}
      <span className="p-paginator-pages">
        {numbers.map((n) => (
          <button
            key={n}
            type="button"
            className={`p-paginator-page p-paginator-element p-link${n === page ? " p-highlight" : ""}`}
            aria-label={`Página ${n}`}
            aria-current={n === page ? "page" : undefined}
            onClick={() => onPage(n)}
          >
            {n}
          </button>
        ))}
      </span>
      {step(page + 1, "Página siguiente", "pi-angle-right", "p-paginator-next")}
      {step(pages, "Última página", "pi-angle-double-right", "p-paginator-last")}
      <span className="p-paginator-current">{`${from} - ${to} de ${total}`}</span>
    </nav>
  );
}
