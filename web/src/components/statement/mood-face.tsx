// The face that tells how late the oldest debt is.
export type Mood = "feliz" | "alerta" | "triste";

/** The oldest debt's mood: 0 days late happy, 1 to 30 warning, over 30 sad (spec 2). */
export const moodOf = (days: number): Mood => (days <= 0 ? "feliz" : days <= 30 ? "alerta" : "triste");

const MOOD_TEXT: Record<Mood, string> = {
  feliz: "Al día: sin deudas vencidas",
  alerta: "Atención: deuda vencida de 1 a 30 días",
  triste: "Deuda vencida de más de 30 días",
};
const MOOD_COLOR: Record<Mood, string> = { feliz: "#2e9d5b", alerta: "#f2a900", triste: "#d32f2f" };

/** A face drawn in SVG: smiling, straight or sad, in green, amber or red. */
export function MoodFace({ days, size = 96 }: { days: number; size?: number }) {
  const mood = moodOf(days);
  const color = MOOD_COLOR[mood];
  const mouth = mood === "feliz"
    ? "M30 60 Q48 76 66 60"
    : mood === "alerta"
    ? "M32 64 L64 64"
    : "M30 68 Q48 52 66 68";
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 96 96"
      role="img"
      aria-label={MOOD_TEXT[mood]}
      data-mood={mood}
      className="mood-face"
    >
      <circle cx="48" cy="48" r="44" fill={color} opacity="0.15" />
      <circle cx="48" cy="48" r="44" fill="none" stroke={color} strokeWidth="4" />
      <circle cx="34" cy="38" r="5" fill={color} />
      <circle cx="62" cy="38" r="5" fill={color} />
      <path d={mouth} fill="none" stroke={color} strokeWidth="5" strokeLinecap="round" />
    </svg>
  );
}
