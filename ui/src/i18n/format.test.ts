import { expect, test, vi } from "vitest";
import { formatDate, formatList } from "./format";

test("a night's date is written out in each language, on its own day", () => {
  expect(formatDate("en", "2026-11-20")).toBe("November 20, 2026");
  expect(formatDate("nl", "2026-11-20")).toBe("20 november 2026");
  expect(formatDate("de", "2026-11-20")).toBe("20. November 2026");
  expect(formatDate("en", "2026-01-01"), "no time zone moves it to the day before").toBe("January 1, 2026");
});

test("a date that is not a calendar day is shown as it came", () => {
  expect(formatDate("en", "2026-02-30")).toBe("2026-02-30");
  expect(formatDate("de", "someday")).toBe("someday");
});

test("a list of names reads as each language joins them", () => {
  expect(formatList("en", ["Anna", "Bram", "Clara"])).toBe("Anna, Bram, and Clara");
  expect(formatList("nl", ["Anna", "Bram", "Clara"])).toBe("Anna, Bram en Clara");
  expect(formatList("de", ["Anna", "Bram"])).toBe("Anna und Bram");
  expect(formatList("en", ["Anna"])).toBe("Anna");
});

test("each language's list format is made once, not once per list said", () => {
  const made = vi.spyOn(Intl, "ListFormat");
  try {
    for (let n = 0; n < 5; n++)
      for (const language of ["en", "nl", "de"] as const) formatList(language, ["Anna", "Bram"]);
    expect(made.mock.calls.length, "at most one format made per language").toBeLessThanOrEqual(3);
    expect(formatList("nl", ["Anna", "Bram"]), "the format kept still joins the names").toBe("Anna en Bram");
  } finally {
    made.mockRestore();
  }
});
