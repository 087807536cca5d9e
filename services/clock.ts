/** The current time; tests pass a fake one to move through token expiry and throttling windows. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export function fakeClock(start: string | Date) {
  let now = new Date(start).getTime();
  const clock: Clock & { advance(ms: number): void; set(t: string | Date): void } = Object.assign(
    () => new Date(now),
    {
      advance(ms: number) {
        now += ms;
      },
      set(t: string | Date) {
        now = new Date(t).getTime();
      },
    },
  );
  return clock;
}

/** 'YYYY-MM-DD' of a date in Peru's time zone (UTC-5, no daylight saving). */
export function limaDate(d: Date): string {
  return new Date(d.getTime() - 5 * 3600_000).toISOString().slice(0, 10);
}
