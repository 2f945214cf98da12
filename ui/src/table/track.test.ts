import { describe, expect, it } from "vitest";
import { readTrack } from "./track";

const typed = (space: string, fifties = "0", hundreds = "0", total = "") => ({ space, fifties, hundreds, total });

describe("a score on the track", () => {
  it("adds the space and the tokens", () => {
    expect(readTrack(typed("34", "1"), false)?.total).toBe(84);
    expect(readTrack(typed("12", "1", "2"), false)?.total).toBe(262);
    expect(readTrack(typed("0"), false)?.total).toBe(0);
  });

  it("refuses a space off the track, blanks and anything not a whole number", () => {
    expect(readTrack(typed("50"), false)).toBeNull();
    expect(readTrack(typed(""), false)).toBeNull();
    expect(readTrack(typed("3", "-1"), false)).toBeNull();
    expect(readTrack(typed("3.5"), false)).toBeNull();
  });

  it("takes a typed total as it is, without making up its place on the track", () => {
    expect(readTrack(typed("", "0", "0", "84"), true)).toEqual({ total: 84, track: null });
    expect(readTrack(typed("", "0", "0", ""), true)).toBeNull();
  });

  it("keeps the space and tokens a score was given as", () => {
    expect(readTrack(typed("12", "1", "2"), false)).toEqual({
      total: 262,
      track: { space: 12, fifties: 1, hundreds: 2 },
    });
  });
});
