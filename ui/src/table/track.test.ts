import { describe, expect, it } from "vitest";
import { readScore, typedTrack } from "./track";

const typed = (space: string, fifties = "0", hundreds = "0", total = "") => ({ space, fifties, hundreds, total });

describe("a score on the track", () => {
  it("reads the space and the tokens as typed, and leaves their sum to the table", () => {
    expect(typedTrack(typed("34", "1"))).toEqual({ space: 34, fifties: 1, hundreds: 0 });
    expect(readScore(typed("34", "1"), false, 84)).toEqual({
      total: 84,
      track: { space: 34, fifties: 1, hundreds: 0 },
    });
    expect(readScore(typed("34", "1"), false, undefined), "not yet answered").toBeNull();
    expect(readScore(typed("50"), false, null), "the table found no such space").toBeNull();
  });

  it("refuses blanks and anything not a whole number", () => {
    expect(typedTrack(typed(""))).toBeNull();
    expect(typedTrack(typed("3", "-1"))).toBeNull();
    expect(typedTrack(typed("3.5"))).toBeNull();
    expect(typedTrack(typed("3", "0", String(2 ** 32))), "more than the table's numbers carry").toBeNull();
  });

  it("takes a typed total as it is, without making up its place on the track", () => {
    expect(readScore(typed("", "0", "0", "84"), true, undefined)).toEqual({ total: 84, track: null });
    expect(readScore(typed("", "0", "0", ""), true, undefined)).toBeNull();
  });
});
