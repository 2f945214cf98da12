// A score on the 50-space track as a table holds it: the marker's space and the 50 and 100
// tokens. A final board asks for each player's before its end count.

/** Spaces on the track: the marker comes round to 0 at 50. */
export const TRACK = 50;

export type OnTrack = { space: number; fifties: number; hundreds: number; total: number };

/** A total as the table holds it: its space, one 50 token for an odd fifty, 100 tokens. */
export function split(total: number): OnTrack {
  return { space: total % TRACK, fifties: Math.floor((total % 100) / TRACK), hundreds: Math.floor(total / 100), total };
}

/** A whole number up to `max`, or null for anything else (blank, negative, a fraction). */
export function whole(text: string, max = Number.MAX_SAFE_INTEGER): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const n = Number(text);
  return n <= max ? n : null;
}

/** What was typed, as a score: a space and tokens, or a total; null while incomplete or wrong. */
export function readTrack(
  typed: { space: string; fifties: string; hundreds: string; total: string },
  byTotal: boolean,
): OnTrack | null {
  if (byTotal) {
    const total = whole(typed.total);
    return total === null ? null : split(total);
  }
  const space = whole(typed.space, TRACK - 1);
  const fifties = whole(typed.fifties);
  const hundreds = whole(typed.hundreds);
  if (space === null || fifties === null || hundreds === null) return null;
  return { space, fifties, hundreds, total: space + TRACK * fifties + 100 * hundreds };
}
