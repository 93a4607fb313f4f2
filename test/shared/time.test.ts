import { describe, expect, test } from "bun:test";
import { formatTimestamp, parseTimestamp } from "../../src/shared/time.ts";

const iso = (text: string) => parseTimestamp(text)?.toISOString() ?? null;

describe("parseTimestamp accepts RFC 3339 date-times and plain dates", () => {
  test.each([
    ["2023-05-07T13:56:00Z", "2023-05-07T13:56:00.000Z"],
    ["2023-05-07t13:56:00z", "2023-05-07T13:56:00.000Z"],
    ["2023-05-07 13:56:00Z", "2023-05-07T13:56:00.000Z"],
    ["2023-05-07T13:56:00+02:00", "2023-05-07T11:56:00.000Z"],
    ["2023-05-07T13:56:00-05:30", "2023-05-07T19:26:00.000Z"],
    ["2023-05-07T13:56:00-00:00", "2023-05-07T13:56:00.000Z"],
    ["2023-05-07T23:30:00-01:00", "2023-05-08T00:30:00.000Z"],
    ["2023-05-07T13:56:00.5Z", "2023-05-07T13:56:00.500Z"],
    ["2023-05-07T13:56:00.12Z", "2023-05-07T13:56:00.120Z"],
    ["2023-05-07T13:56:00.123Z", "2023-05-07T13:56:00.123Z"],
    ["2023-05-07T13:56:00.123456Z", "2023-05-07T13:56:00.123Z"],
    ["2023-05-07T13:56:00.123456789+02:00", "2023-05-07T11:56:00.123Z"],
    ["2023-05-07T13:56:00.999999999Z", "2023-05-07T13:56:00.999Z"],
    ["2016-12-31T23:59:60Z", "2017-01-01T00:00:00.000Z"],
    ["2024-02-29T00:00:00Z", "2024-02-29T00:00:00.000Z"],
  ])("the date-time %p is read as %p", (text, expected) => {
    expect(iso(text)).toBe(expected);
  });

  test.each([
    ["2023-05-07", "2023-05-07T00:00:00.000Z"],
    ["2000-02-29", "2000-02-29T00:00:00.000Z"],
    ["1970-01-01", "1970-01-01T00:00:00.000Z"],
    ["1969-12-31", "1969-12-31T00:00:00.000Z"],
  ])("the plain date %p means %p, midnight UTC", (text, expected) => {
    expect(iso(text)).toBe(expected);
  });

  test("years 0 to 99 are read as written, not as 1900 to 1999", () => {
    expect(iso("0075-01-01")).toBe("0075-01-01T00:00:00.000Z");
    expect(iso("0099-05-07T12:00:00Z")).toBe("0099-05-07T12:00:00.000Z");
    expect(parseTimestamp("0075-01-01")!.getTime()).toBeLessThan(0);
  });
});

describe("parseTimestamp rejects anything else", () => {
  test.each([
    ["2023-02-30", "a day the month does not have"],
    ["2023-02-29", "29 February outside a leap year"],
    ["1900-02-29", "29 February of a century that is not a leap year"],
    ["2023-04-31T10:00:00Z", "31 April"],
    ["2023-13-01", "month 13"],
    ["2023-00-10", "month 0"],
    ["2023-05-00", "day 0"],
    ["2023-05-07T24:00:00Z", "hour 24"],
    ["2023-05-07T12:60:00Z", "minute 60"],
    ["2023-05-07T12:00:61Z", "second 61"],
    ["2023-05-07T13:56:00", "a date-time without an offset"],
    ["2023-05-07T13:56Z", "a time without seconds"],
    ["2023-05-07T13:56:00+0200", "an offset without a colon"],
    ["2023-05-07T13:56:00+24:00", "an offset of 24 hours"],
    ["2023-05-07T13:56:00+05:60", "an offset minute of 60"],
    ["2023-05-07T13:56:00.Z", "a dot without fraction digits"],
    ["2023-05-07T13:56:00.1234567891Z", "a fraction of ten digits"],
    ["2023-5-7", "a date without zero padding"],
    ["20230507", "a basic-format date"],
    ["23-05-07", "a two-digit year"],
    [" 2023-05-07", "leading white space"],
    ["2023-05-07\n", "a trailing newline"],
    ["yesterday", "a relative word"],
    ["May 7, 2023", "prose"],
    ["1683467760", "a Unix timestamp"],
    ["", "the empty string"],
  ])("%p is refused (%s)", (text) => {
    expect(parseTimestamp(text)).toBeNull();
  });
});

describe("formatTimestamp", () => {
  test("writes UTC with exactly three fraction digits", () => {
    expect(formatTimestamp(new Date("2026-11-22T09:31:44.123Z"))).toBe("2026-11-22T09:31:44.123Z");
    expect(formatTimestamp(Date.UTC(2026, 10, 22, 9, 31, 44))).toBe("2026-11-22T09:31:44.000Z");
  });

  test("a parsed nine-digit fraction comes back with millisecond precision", () => {
    expect(formatTimestamp(parseTimestamp("2026-11-22T10:31:44.123456789+01:00")!)).toBe("2026-11-22T09:31:44.123Z");
  });

  test("every accepted input round-trips through its formatted form", () => {
    for (const text of ["2023-05-07", "2023-05-07T13:56:00.5+02:00", "1969-07-20T20:17:40Z"]) {
      const formatted = formatTimestamp(parseTimestamp(text)!);
      expect(formatted).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(iso(formatted)).toBe(formatted);
    }
  });
});
