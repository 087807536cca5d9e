/**
 * Rounds half away from zero at `digits` decimals of the number as it is written (8584.515 → 8584.52),
 * not of its binary value, which toFixed and Math.round(x * 100) see as 8584.514999….
 */
export function roundHalfUp(x: number, digits = 2): number {
  const written = String(Math.abs(x));
  // Very large or very small numbers are written with an exponent: no decimal tie to care about there.
  if (written.includes("e")) return Math.round(x * 10 ** digits) / 10 ** digits || 0;
  const shifted = Math.round(Number(`${written}e${digits}`));
  return Math.sign(x) * Number(`${shifted}e-${digits}`) || 0;
}
