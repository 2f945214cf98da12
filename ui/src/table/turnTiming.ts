// How long a turn takes from its confirmation to the repainted board and scoreboard, kept on
// the page (the root element's `data-turn-ms`, `data-turn-phases`, `data-turns-timed`) for the
// performance run (tests/e2e/perf.e2e.mjs) to read. Nothing a player sees.

/** The phases of one turn's entry, in milliseconds, as the performance run reads them. */
export interface TurnPhases {
  ipc: number;
  update: number;
  paint: number;
  frame: number;
  layout: number;
  draw: number;
}

/** A turn being timed from now: mark when the app answered and when the page took it in. */
export class TurnTiming {
  private readonly started = performance.now();
  private answeredAt = this.started;

  /** The app answered the move. */
  answered() {
    this.answeredAt = performance.now();
  }

  /**
   * The page took the answer in (its state updated): the rest is timed through the next paint
   * and recorded. A frame callback runs just before the browser works out style and layout and
   * paints; asking for a box's size there does the style and layout at once, so they are timed
   * apart from the paint; a task queued from it runs once that paint is done.
   */
  updated() {
    const { started, answeredAt } = this;
    const updated = performance.now();
    requestAnimationFrame(() => {
      const framed = performance.now();
      document.body.getBoundingClientRect();
      const laidOut = performance.now();
      setTimeout(() => {
        const painted = performance.now();
        const phases: TurnPhases = {
          ipc: answeredAt - started,
          update: updated - answeredAt,
          paint: painted - updated,
          frame: framed - updated,
          layout: laidOut - framed,
          draw: painted - laidOut,
        };
        record(painted - started, phases);
      });
    });
  }
}

function record(total: number, phases: TurnPhases) {
  const root = document.documentElement.dataset;
  root.turnMs = total.toFixed(2);
  root.turnPhases = JSON.stringify(phases);
  // Two turns may take the same time: the count tells a new figure from the last one.
  root.turnsTimed = String(Number(root.turnsTimed ?? 0) + 1);
}
