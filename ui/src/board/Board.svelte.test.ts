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

  it("draws each lit square in a patch of its own cell, the taken square's places right after it", () => {
    const legalCells: [number, number][] = [
      [0, -1],
      [-1, 0],
      [1, 0],
      [0, 1],
    ];
    board = mount(Board, {
      target: document.body,
      props: {
        tiles: [{ tile: "D", x: 0, y: 0, rotation: 0 }],
        followers: [],
        players: [player("Anna", "green")],
        legalCells,
        pending: {
          tile: "D",
          x: 1,
          y: 0,
          rotation: 0,
          places: [],
          roles: [],
          shapes: [],
          covers: [],
          chosen: null,
          figure: "follower",
          recall: false,
        },
        viewTurns: 0,
        onCell: () => {},
        onPlace: () => {},
      },
    });
    const squares = [...document.querySelectorAll<SVGRectElement>(".legal")];
    expect(squares.map((s) => s.dataset.cell)).toEqual(["0,-1", "-1,0", "1,0", "0,1"]);
    for (const square of squares) {
      const patch = square.closest("svg.cell")!;
      const [x, y] = square.dataset.cell!.split(",").map(Number);
      // Taken away with the turn, a patch repaints the board it covers: its own cell only.
      expect(patch.getAttribute("viewBox"), square.dataset.cell).toBe(`${x! * 100} ${y! * 100} 100 100`);
    }
    // The taken square's places follow it in the page's order, before the next square's patch.
    const patches = [...document.querySelectorAll("svg.cell.raised")];
    const taken = patches.indexOf(squares[2]!.closest("svg.cell")!);
    expect(patches[taken + 1]?.classList.contains("top")).toBe(true);
    expect(patches[taken + 2]?.querySelector(".legal")).toBe(squares[3]);
  });
});
