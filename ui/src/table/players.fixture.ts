import type { PlayerView } from "../bindings";

/** A player as the table view sends one at the start of a game, for tests: seven followers in
 * hand and, when `figures` says so, other kinds beside them. */
export function playerView(
  name = "Anna",
  figures: PlayerView["figures"] = [{ figure: "follower", count: 7 }],
): PlayerView {
  return {
    name,
    color: "red",
    score: 0,
    ifEndedNow: 0,
    supply: 7,
    track: { space: 0, fifties: 0, hundreds: 0 },
    figures,
  };
}
