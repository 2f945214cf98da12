import { expect, test } from "vitest";
import type { CommandError, TableError } from "./bindings";
import { describeError, describeNotice, ruleOf } from "./errors";
import { translate } from "./i18n";

/** A table error as the app sends it: wrapped once. */
const table = (error: TableError): CommandError => ({ kind: "table", error });

test("a refusal is worded from the engine's data, a later turn by its number", () => {
  const error = { kind: "follower" as const, error: { kind: "noFollowerLeft" as const, player: 1 } };
  const later = describeError(table({ kind: "laterTurn", turn: 2, error, rule: "B-15" }), "nl", ["Anna", "Bram"]);
  expect(later).toBe("Niet veranderd: beurt 2 zou niet meer passen (Bram heeft geen horige meer).");
  expect(describeError(table({ kind: "table", refusal: { kind: "noGame" } }), "nl")).not.toBe("noGame");
  expect(describeError(table({ kind: "move", error, rule: "B-15" }), "de", ["Anna", "Bram"])).toBe(
    "Nicht erlaubt: Bram hat keinen Meeple mehr",
  );
  expect(describeError(table({ kind: "move", error, rule: "B-15" }), "en"), "a seat without a name").toContain(
    "seat 2",
  );
  expect(ruleOf(table({ kind: "move", error, rule: "B-15" }))).toBe("B-15");
});

const nlT = "nl" as const;
const en = "en" as const;
const de = "de" as const;
// Start notices are worded by a translate function, as the app's `t` is.
const tIn =
  (language: "en" | "nl" | "de") => (key: Parameters<typeof translate>[1], values?: Record<string, string | number>) =>
    translate(language, key, values);

test("a ledger that cannot be used is worded by its problem, naming the path", () => {
  const folder = describeError(
    {
      kind: "ledgerUnavailable",
      path: "/data/org.castellan.app",
      problem: { kind: "dataFolder" },
      detail: "Not a directory (os error 20)",
    },
    de,
  );
  expect(folder).toContain("/data/org.castellan.app");
  expect(folder).toContain("Not a directory (os error 20)");
  expect(folder).toContain("Datenordner");
  const inUse = describeError(
    {
      kind: "ledgerUnavailable",
      path: "/club.sqlite3",
      problem: { kind: "inUse", holder: "process 4242" },
      detail: "locked",
    },
    en,
  );
  expect(inUse).toContain("process 4242");
  expect(inUse).toContain("/club.sqlite3");
  const newer = describeError(
    {
      kind: "ledgerUnavailable",
      path: "/club.sqlite3",
      problem: { kind: "tooNew", found: 9, supported: 4 },
      detail: "",
    },
    en,
  );
  expect(newer).toMatch(/9.*4/);
  const linked = describeError(
    { kind: "ledgerUnavailable", path: "/club.sqlite3", problem: { kind: "hardLinked", links: 3 }, detail: "" },
    nlT,
  );
  expect(linked).toContain("3 namen");
  const readOnly = describeError(
    {
      kind: "ledgerUnavailable",
      path: "/stick/club.sqlite3",
      problem: { kind: "readOnly" },
      detail: "Read-only file system (os error 30)",
    },
    de,
  );
  expect(readOnly, "the OS's reason is quoted").toContain("Read-only file system (os error 30)");
  expect(readOnly).toContain("schreibgeschützt");
  const problems = ["dataFolder", "damaged", "foreign", "access", "readOnly", "other"] as const;
  const worded = problems.map((kind) =>
    describeError({ kind: "ledgerUnavailable", path: "/x", problem: { kind }, detail: "d" }, en),
  );
  expect(new Set(worded).size, "each problem has its own words").toBe(problems.length);
  for (const text of worded) expect(text).not.toMatch(/\{\w+\}/);
});

test("start notices name the files concerned", () => {
  const aside = describeNotice(
    { kind: "settingsDamaged", path: "/d/settings.json", aside: "/d/settings.json.damaged-1", detail: "EOF" },
    tIn(nlT),
  );
  expect(aside).toContain("/d/settings.json.damaged-1");
  const missing = describeNotice(
    { kind: "ledgerMissing", chosen: "/stick/club.sqlite3", opened: "/d/castellan.sqlite3" },
    tIn(en),
  );
  expect(missing).toContain("/stick/club.sqlite3");
  expect(missing).toContain("/d/castellan.sqlite3");
  const unread = describeNotice(
    { kind: "settingsDamaged", path: "/d/settings.json", aside: null, detail: "denied" },
    tIn(en),
  );
  expect(unread).not.toMatch(/\{\w+\}/);
});

test("an export's or an opened script's failure names the file, the game or the place in the script", () => {
  expect(
    describeError(table({ kind: "alreadyImported", file: "/g.json", game: 12, date: "2026-11-20", place: null }), en),
  ).toBe("Already in the ledger as game 12 of November 20, 2026; nothing was added.");
  const at = describeError(
    table({ kind: "alreadyImported", file: "/g.json", game: 12, date: "2026-11-20", place: "De Klok" }),
    nlT,
  );
  expect(at).toContain("spel 12");
  expect(at).toContain("De Klok");
  expect(at, "the date as Dutch writes it").toContain("20 november 2026");
  const apart = { kind: "notAdjacent" as const, tile: "V" as const, cell: { x: 5, y: 5 }, rotation: "R0" as const };
  const invalid = describeError(
    table({
      kind: "script",
      file: "/g.json",
      error: {
        at: { kind: "move", index: 3, key: null },
        problem: { kind: "move", error: { kind: "placement", error: apart }, rule: "B-04" },
        names: ["Anna", "Bram"],
      },
    }),
    de,
  );
  expect(invalid).toBe(
    "/g.json ist kein Spielskript, das Castellan nachspielen kann. Zug 4 der Datei: Plättchen V auf dem Feld 5 nach Osten, 5 nach Süden vom Startplättchen, gedreht 0° berührt kein Plättchen entlang einer ganzen Kante",
  );
  const format = describeError(
    table({
      kind: "script",
      file: "/g.json",
      error: {
        at: { kind: "key", path: "setup.rules.farms" },
        problem: { kind: "format", detail: "unknown farm rule `c4`" },
        names: [],
      },
    }),
    nlT,
  );
  expect(format, "the reader's words quoted after a Dutch sentence").toBe(
    "/g.json is geen spelscript dat Castellan kan naspelen. Bij “setup.rules.farms”: zo staat het niet in een spelscript (“unknown farm rule `c4`”)",
  );
  const inMove = describeError(
    table({
      kind: "script",
      file: "/g.json",
      error: { at: { kind: "move", index: 0, key: "crop_circle" }, problem: { kind: "noName" }, names: [] },
    }),
    nlT,
  );
  expect(inMove, "a key inside a move: the move by its number, then the key").toContain(
    "Zet 1 van het bestand, bij “crop_circle”",
  );
  const voided = describeError(table({ kind: "notExportable", game: 4, voided: true }), en);
  const unfinished = describeError(table({ kind: "notExportable", game: 4, voided: false }), en);
  expect(voided).toContain("voided");
  expect(unfinished).toContain("not finished");
  expect(describeError(table({ kind: "fileExists", path: "/out/game-4.csv" }), de)).toContain("/out/game-4.csv");
});

test("a value past its limit is worded with the limit, a file's refusal naming the file", () => {
  const name = "Annabel Lee of the Kingdom by the Sea and Elsewhere…";
  const over = { kind: "playerName" as const, name, chars: 52, max: 40 };
  expect(describeError(table({ kind: "overLimit", file: null, over }), en)).toBe(
    `The name “${name}” is 52 characters long; a player’s name can have at most 40. Nothing was saved.`,
  );
  const file = describeError(
    table({ kind: "overLimit", file: "/g.json", over: { kind: "scriptFile", bytes: 5000000, max: 4194304 } }),
    nlT,
  );
  expect(file).toMatch(/^\/g\.json: .*5000000.*4194304/);
  const bad = { kind: "overLimit" as const, detail: { kind: "quarterMoves" as const, given: 65, max: 64 } };
  expect(describeError({ kind: "badRequest", error: bad }, de)).toContain("65");
  expect(describeError({ kind: "settingTooLarge", key: "lastSeats", bytes: 52428800, max: 16384 }, en)).toContain(
    "16384",
  );
});
