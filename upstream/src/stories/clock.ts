/**
 * The stories' clock: creation, expiry and view times all read it. Tests set it to move past the 24 h
 * expiry without waiting; everything else uses the real time.
 */
let clock: () => Date = () => new Date();

export function storyNow(): Date {
  return clock();
}

/** Replaces the clock (tests); `null` restores the real time. */
export function setStoryClock(next: (() => Date) | null): void {
  clock = next ?? (() => new Date());
}
