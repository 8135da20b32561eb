import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDaysUtc,
  formatDate,
  isIsoDate,
  isoDate,
  MS_PER_DAY,
  parseIsoDate,
  startOfDayUtc,
  startOfMonthUtc,
  startOfWeekUtc,
  startOfYearUtc,
  utcDate,
  willCloseAtFromDate,
} from "./calendar.ts";

const at = (iso: string) => new Date(iso);
const isMidnight = (date: Date) =>
  date.getUTCHours() === 0 &&
  date.getUTCMinutes() === 0 &&
  date.getUTCSeconds() === 0 &&
  date.getUTCMilliseconds() === 0;
const dates = fc.date({ min: at("1900-01-01T00:00:00Z"), max: at("2200-12-31T23:59:59.999Z"), noInvalidDate: true });

describe("utcDate", () => {
  it("takes years 0 to 99 literally", () => {
    expect(utcDate(45, 0, 1).getUTCFullYear()).toBe(45);
    expect(utcDate(2026, 10, 21, 12, 30).toISOString()).toBe("2026-11-21T12:30:00.000Z");
  });

  it("rolls months over like Date.UTC", () => {
    expect(utcDate(2026, 12, 27).toISOString()).toBe("2027-01-27T00:00:00.000Z");
    expect(utcDate(2026, -1, 27).toISOString()).toBe("2025-12-27T00:00:00.000Z");
  });
});

describe("startOfDayUtc / startOfMonthUtc / startOfYearUtc", () => {
  it("truncates in UTC", () => {
    const date = at("2026-11-21T23:59:59.999Z");
    expect(startOfDayUtc(date).toISOString()).toBe("2026-11-21T00:00:00.000Z");
    expect(startOfMonthUtc(date).toISOString()).toBe("2026-11-01T00:00:00.000Z");
    expect(startOfYearUtc(date).toISOString()).toBe("2026-01-01T00:00:00.000Z");
  });

  it("refuses an Invalid Date", () => {
    expect(() => startOfDayUtc(new Date(Number.NaN))).toThrow(RangeError);
  });

  it("start of day is a midnight at most one day before, on the same UTC date", () => {
    fc.assert(
      fc.property(dates, (date) => {
        const start = startOfDayUtc(date);
        expect(isMidnight(start)).toBe(true);
        expect(date.getTime() - start.getTime()).toBeGreaterThanOrEqual(0);
        expect(date.getTime() - start.getTime()).toBeLessThan(MS_PER_DAY);
        expect(isoDate(start)).toBe(isoDate(date));
      }),
    );
  });
});

describe("startOfWeekUtc", () => {
  it("goes back to Monday 00:00 UTC", () => {
    // 2026-11-21 is a Saturday; the week started on Monday 16 November.
    expect(startOfWeekUtc(at("2026-11-21T15:00:00Z")).toISOString()).toBe("2026-11-16T00:00:00.000Z");
    expect(startOfWeekUtc(at("2026-11-16T00:00:00Z")).toISOString()).toBe("2026-11-16T00:00:00.000Z");
    expect(startOfWeekUtc(at("2026-11-15T23:59:59.999Z")).toISOString()).toBe("2026-11-09T00:00:00.000Z");
  });

  it("crosses a year boundary", () => {
    // Thursday 1 January 2026 belongs to the week of Monday 29 December 2025.
    expect(startOfWeekUtc(at("2026-01-01T08:00:00Z")).toISOString()).toBe("2025-12-29T00:00:00.000Z");
  });

  it("is a Monday midnight within the 7 days before, and idempotent", () => {
    fc.assert(
      fc.property(dates, (date) => {
        const monday = startOfWeekUtc(date);
        expect(monday.getUTCDay()).toBe(1);
        expect(isMidnight(monday)).toBe(true);
        const elapsed = date.getTime() - monday.getTime();
        expect(elapsed).toBeGreaterThanOrEqual(0);
        expect(elapsed).toBeLessThan(7 * MS_PER_DAY);
        expect(startOfWeekUtc(monday).getTime()).toBe(monday.getTime());
      }),
    );
  });
});

describe("addDaysUtc", () => {
  it("moves whole days", () => {
    expect(addDaysUtc(at("2026-12-31T10:00:00Z"), 1).toISOString()).toBe("2027-01-01T10:00:00.000Z");
    expect(addDaysUtc(at("2026-03-01T00:00:00Z"), -1).toISOString()).toBe("2026-02-28T00:00:00.000Z");
  });

  it("refuses fractional days", () => {
    expect(() => addDaysUtc(at("2026-01-01T00:00:00Z"), 0.5)).toThrow(RangeError);
  });
});

describe("parseIsoDate / isIsoDate", () => {
  it("reads real dates as UTC midnight", () => {
    expect(parseIsoDate("2026-11-21")?.toISOString()).toBe("2026-11-21T00:00:00.000Z");
    expect(parseIsoDate("2024-02-29")?.toISOString()).toBe("2024-02-29T00:00:00.000Z");
    expect(parseIsoDate("0045-03-01")?.getUTCFullYear()).toBe(45);
  });

  it.each([
    "2026-02-29",
    "2026-02-30",
    "2026-13-01",
    "2026-00-10",
    "2026-01-00",
    "2026-1-5",
    "26-01-05",
    "2026-01-05T00:00",
    " 2026-01-05",
    "",
  ])("refuses %j", (text) => {
    expect(parseIsoDate(text)).toBeNull();
    expect(isIsoDate(text)).toBe(false);
  });

  it("round-trips with isoDate", () => {
    fc.assert(
      fc.property(dates, (date) => {
        expect(parseIsoDate(isoDate(date))?.getTime()).toBe(startOfDayUtc(date).getTime());
      }),
    );
  });
});

describe("willCloseAtFromDate", () => {
  it("is the chosen day at 23:59:59.999 UTC", () => {
    expect(willCloseAtFromDate("2026-11-21").toISOString()).toBe("2026-11-21T23:59:59.999Z");
    expect(willCloseAtFromDate("2026-12-31").toISOString()).toBe("2026-12-31T23:59:59.999Z");
  });

  it("refuses what is not a date", () => {
    expect(() => willCloseAtFromDate("2026-02-30")).toThrow(RangeError);
    expect(() => willCloseAtFromDate("21.11.2026")).toThrow(RangeError);
  });

  it("is the last millisecond of that UTC day", () => {
    fc.assert(
      fc.property(dates, (date) => {
        const closeAt = willCloseAtFromDate(isoDate(date));
        expect(isoDate(closeAt)).toBe(isoDate(date));
        expect(closeAt.getTime() + 1).toBe(startOfDayUtc(date).getTime() + MS_PER_DAY);
      }),
    );
  });
});

describe("isoDate / formatDate", () => {
  it("prints the UTC day", () => {
    const date = at("2026-11-21T23:30:00Z");
    expect(isoDate(date)).toBe("2026-11-21");
    expect(formatDate(date, "is-IS")).toBe("21.11.2026");
    expect(formatDate(date, "en-US")).toBe("21 Nov 2026");
  });

  it("pads day and month to two digits in Icelandic, and names the month in English", () => {
    const date = at("2026-02-01T00:00:00Z");
    expect(isoDate(date)).toBe("2026-02-01");
    expect(formatDate(date, "is-IS")).toBe("01.02.2026");
    expect(formatDate(date, "en-US")).toBe("1 Feb 2026");
  });

  it("does not depend on the runtime time zone: the last UTC millisecond of a day stays on that day", () => {
    expect(formatDate(at("2026-12-31T23:59:59.999Z"), "is-IS")).toBe("31.12.2026");
    expect(formatDate(at("2027-01-01T00:00:00.000Z"), "is-IS")).toBe("01.01.2027");
  });

  it("refuses an Invalid Date and years beyond four digits", () => {
    expect(() => isoDate(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => formatDate(utcDate(10000, 0, 1), "is-IS")).toThrow(RangeError);
  });

  it("Icelandic and English forms carry the same parts as the ISO form", () => {
    fc.assert(
      fc.property(dates, (date) => {
        const [year, month, day] = isoDate(date).split("-");
        expect(formatDate(date, "is-IS")).toBe(`${day}.${month}.${year}`);
        expect(formatDate(date, "en-US")).toBe(
          `${Number(day)} ${["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][Number(month) - 1]} ${year}`,
        );
      }),
    );
  });
});
