// The years a report offers and the comparison year's default: one list of each, one default, read by the
// screens and by the early start of a filter change alike (a default written twice drifts apart).

/** The first year with figures (the reports' minimum date is 1 Jan 2017). */
export const FIRST_YEAR = 2017;

/** The years a comparison year may take: 2017 to the current year, newest first (spec 2, section 5). */
export const comparisonYears = (today: string): number[] => {
  const y = Number(today.slice(0, 4));
  return Array.from({ length: y - FIRST_YEAR + 1 }, (_, i) => y - i);
};

/** The last 6 years up to the current one, newest first (spec 2, section 9): a report year's list. */
export const lastSixYears = (today: string): number[] => {
  const y = Number(today.slice(0, 4));
  return Array.from({ length: 6 }, (_, i) => y - i);
};

/**
 * The comparison year by default: the stored global one (settings 'anioComparativo', the base's
 * `comparisonYear`) when earlier than the report year, else the year before (issue 14; docs/metrics.md).
 */
export const defaultComparison = (base: { comparisonYear: number }, year: number): number =>
  base.comparisonYear < year && base.comparisonYear >= FIRST_YEAR ? base.comparisonYear : year - 1;
