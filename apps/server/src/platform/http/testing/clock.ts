/** A clock tests move forward instead of sleeping: pass `clock.now` to createTestApp. */
export type TestClock = { now: () => Date; advance: (ms: number) => void; set: (date: Date) => void };

export const testClock = (start: Date = new Date()): TestClock => {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
};

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
