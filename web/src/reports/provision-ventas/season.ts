// The season of a day no tenant of the mall registered yet (Provisión, docs/metrics.md): read on its
// counterpart a year before. Last year's day 52 weeks back keeps the weekday but not the campaigns: a
// fixed-date one (24 December) moved a day, a moving one (Black Friday, the fourth Friday of November) a week
// (issue 41's backtest: November 2025 missed by 3 to 4 %). The season is a ratio to the same weekday's mean,
// so the counterpart needs no same weekday: the same date, or the same day of a moving campaign.

/**
 * Campaigns that move with the calendar: the n-th weekday (0 Sunday) of a month and the days around it that
 * sell with it (before, after). A day among them reads its season from the same day of the campaign a year
 * before; every other day from the same date (the fixed-date campaigns: December, 14 February, Fiestas Patrias).
 */
export const MOVING_CAMPAIGNS = [
  { name: "Día de la Madre", month: 5, weekday: 0, nth: 2, before: 6, after: 0 },
  { name: "Día del Padre", month: 6, weekday: 0, nth: 3, before: 6, after: 0 },
  { name: "Black Friday", month: 11, weekday: 5, nth: 4, before: 0, after: 2 },
] as const;
/**
 * How many days back a month's counterparts lie (least, most): a year (365 or 366 days) in a month without a
 * moving campaign; in one with it, a campaign's move (up to 6 days) or a week aside too (358 to 373).
 */
export const yearBack = (month: number): readonly [number, number] =>
  MOVING_CAMPAIGNS.some((c) => c.month === month) ? [358, 373] : [365, 366];

type Campaign = (typeof MOVING_CAMPAIGNS)[number];
/** The campaign's day in `year` (SQL): the month's first day plus the days to the weekday plus whole weeks. */
const campaignDay = (c: Campaign, year: string) => {
  const first = `make_date(${year}, ${c.month}, 1)`;
  return `(${first} + ((${c.weekday} - dayofweek(${first}) + 7) % 7 + ${7 * (c.nth - 1)})::int)`;
};
/** `day` (SQL date) is among campaign `c`'s days of `day`'s year. */
const inCampaign = (c: Campaign, day: string) =>
  `${day} between ${campaignDay(c, `year(${day})`)} - ${c.before} and ${
    campaignDay(c, `year(${day})`)
  } + ${c.after}`;
/**
 * The day a year before whose season `day` takes: for a moving campaign's day, the same day of the campaign
 * (Black Friday on Black Friday); else the same date (29 February on the 28th), and when that date was a
 * campaign's day while `day` is not, a week before it (a week after when that leaves its month).
 */
export function counterpart(day: string): string {
  const same = `(${day} - interval 1 year)::date`;
  const moved = MOVING_CAMPAIGNS.map((c) =>
    `when ${inCampaign(c, day)} then (${day} - (${campaignDay(c, `year(${day})`)} - ${
      campaignDay(c, `year(${day}) - 1`)
    })::int)`
  ).join("\n           ");
  const aside = MOVING_CAMPAIGNS.map((c) => inCampaign(c, same)).join(" or ");
  return `case ${moved}
           when ${aside} then (case when month(${same} - 7) = month(${same}) then ${same} - 7 else ${same} + 7 end)
           else ${same} end`;
}
