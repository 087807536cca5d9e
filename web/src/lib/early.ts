// A request asked for before the code that needs its answer has run (the session, a report route's extract
// catalogue): that code's first ask takes the answer instead of asking again.

export interface EarlyRequest<T> {
  /** Asks now, unless an answer asked early and still fresh is waiting to be taken. */
  start(): void;
  /** The answer asked early when there is a fresh one (taken once), else a new request. */
  take(): Promise<T>;
}

/** `freshMs`: how soon after being asked an early answer may be taken (later, the server may have moved on). */
export function earlyRequest<T>(ask: () => Promise<T>, freshMs = Infinity): EarlyRequest<T> {
  let early: { answer: Promise<T>; at: number } | null = null;
  const fresh = () => early !== null && Date.now() - early.at < freshMs;
  return {
    start() {
      if (fresh()) return;
      early = { answer: ask(), at: Date.now() };
      // Whoever takes the answer reports a failure; until then it is nobody's unhandled rejection.
      early.answer.catch(() => {});
    },
    take() {
      const answer = fresh() ? early!.answer : ask();
      early = null;
      return answer;
    },
  };
}
