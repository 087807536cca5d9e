/** The portal's text mark: a monogram tile and the name, drawn inline so it needs no image file. */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <svg
      className="logo"
      viewBox={compact ? "0 0 40 40" : "0 0 200 40"}
      height="36"
      role="img"
      aria-label="Centros Comerciales Portal de Gestión"
    >
      <rect width="40" height="40" rx="9" fill="#002e98" />
      <path d="M9 29V11h4.6l6.4 9 6.4-9H31v18h-4.5V18.6L20 27.4l-6.5-8.8V29z" fill="#fff" />
      {!compact && (
        <>
          <text
            x="50"
            y="19"
            fontFamily="Inter, 'Segoe UI', sans-serif"
            fontSize="15"
            fontWeight="700"
            fill="#002e98"
          >
            Centros Comerciales
          </text>
          <text
            x="50"
            y="33"
            fontFamily="Inter, 'Segoe UI', sans-serif"
            fontSize="10"
            fill="#6b7280"
            letterSpacing="0.6"
          >
            PORTAL DE GESTIÓN
          </text>
        </>
      )}
    </svg>
  );
}
