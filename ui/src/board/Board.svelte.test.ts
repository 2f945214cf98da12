import { flushSync, mount, unmount } from "svelte";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { FollowerOnBoard, PlayerView, Port, TileOnBoard } from "../bindings";
import Board from "./Board.svelte";

// jsdom measures nothing: the board's frame size binding only needs the observer to exist.
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

const player = (name: string, color: string) => ({ name, color }) as unknown as PlayerView;
const follower = (seat: number, x: number, place: Port): FollowerOnBoard => ({
  seat,
  x,
  y: 0,
  place,
  role: "thief",
  figure: "follower",
});

let board: ReturnType<typeof mount> | null = null;
afterEach(() => {
  if (board) unmount(board);
  board = null;
  document.body.innerHTML = "";
});

describe("Board", () => {
  it("leaves the other followers' elements as they were when one is taken off", () => {
    const props = $state({
      tiles: [0, 1, 2].map((x): TileOnBoard => ({ tile: "D", x, y: 0, rotation: 0 })),
      followers: [follower(0, 0, "N"), follower(1, 1, "N"), follower(2, 2, "N")],
      players: [player("Anna", "green"), player("Bram", "red"), player("Cor", "yellow")],
      legalCells: [] as [number, number][],
      pending: null,
      viewTurns: 0,
      onCell: () => {},
      onPlace: () => {},
    });
    board = mount(Board, { target: document.body, props });
    const drawn = () => [...document.querySelectorAll<SVGGElement>(".follower")];
    const [, , cor] = drawn();
    expect(cor?.dataset.seat).toBe("2");

    // Bram's road is scored: his follower leaves from the middle of the list.
    props.followers = [props.followers[0]!, props.followers[2]!];
    flushSync();

    const after = drawn();
    expect(after.map((g) => g.dataset.seat)).toEqual(["0", "2"]);
    expect(after[1]).toBe(cor);
  });

  it("draws one player's two followers on the same place, as a final board may stand them", () => {
    board = mount(Board, {
      target: document.body,
      props: {
        tiles: [{ tile: "D", x: 0, y: 0, rotation: 0 }],
        followers: [follower(1, 0, "N"), follower(1, 0, "N")],
        players: [player("Anna", "green"), player("Bram", "red")],
        legalCells: [],
        pending: null,
        viewTurns: 0,
        onCell: () => {},
        onPlace: () => {},
      },
    });
    expect(document.querySelectorAll(".follower[data-seat='1']").length).toBe(2);
  });
});
