// A handler whose identity never changes, for a memoized child: a new closure on every render would draw
// the child (a PrimeReact control costs a few ms) again on every filter change.
import { useCallback, useLayoutEffect, useRef } from "react";

/** A function that never changes and calls the latest `fn` (the caller's handler of this render). */
export function useLatest<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const ref = useRef(fn);
  useLayoutEffect(() => {
    ref.current = fn;
  });
  return useCallback((...args: A) => ref.current(...args), []);
}
