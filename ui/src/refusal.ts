// The engine's refusals in the player's language. They arrive as data (the engine's own error
// values), and are worded here from their fields: the player by their seat's name, the tile by
// its letter, the square from the start tile as the board is seen (the board draws no
// coordinates), the place on a tile and each side that does not match. Every switch ends in a `never` check, so a new variant fails the type check until it
// has words.
import type {
  Cell,
  CityError,
  Color,
  CountError,
  DrawError,
  EdgeKind,
  EdgeMismatch,
  FeatureKind,
  FerryError,
  FileProblem,
  AbbotError,
  BigFollowerError,
  BuilderError,
  FlightError,
  CropError,
  FollowerError,
  MagicError,
  MagicFigure,
  GoldError,
  MoveError,
  PigError,
  PlacementError,
  PlayerId,
  Port,
  PurchaseError,
  Quarter,
  RequestError,
  RiverError,
  Rotation,
  OverLimit,
  Side,
  SetupError,
  StandError,
  Start,
  TileId,
  TileSet,
} from "./bindings";
import { whereOnBoard } from "./board/labels";
import { ROTATION_DEGREES } from "./ipc";
import { featureKey } from "./table/targets";
import { translate, translateCount, type CountedKey, type Language, type MessageKey } from "./i18n";

type Values = Record<string, string | number>;

/** What wording a refusal needs: the language and the names of the game's seats. */
export interface Speech {
  t: (key: MessageKey, values?: Values) => string;
  tn: (base: CountedKey, n: number, values?: Values) => string;
  /** The players' names by seat; a seat without one is "seat 2". */
  names: readonly string[];
  /**
   * Quarter turns clockwise the board is seen turned, so that "east" is to the right on the
   * screen the player is looking at, as the board's own labels say it.
   */
  viewTurns: number;
}

export function speech(language: Language, names: readonly string[] = [], viewTurns = 0): Speech {
  return {
    t: (key, values) => translate(language, key, values),
    tn: (base, n, values) => translateCount(language, base, n, values),
    names,
    viewTurns,
  };
}

/** Where a square is, from the start tile: "2 east, 1 north of the start tile". */
function where(cell: Cell, s: Speech): string {
  return whereOnBoard(cell.x, cell.y, s.viewTurns, s.t);
}

/** A square as a place in a sentence: "at 2 east, 1 north of the start tile", "on the start tile". */
function square(cell: Cell, s: Speech): string {
  return cell.x === 0 && cell.y === 0
    ? s.t("refusal.square.start")
    : s.t("refusal.square.at", { where: where(cell, s) });
}

/** The tile lying on a square: "the tile 2 east of the start tile", or "the start tile" itself. */
function theTile(cell: Cell, s: Speech): string {
  return cell.x === 0 && cell.y === 0
    ? s.t("refusal.theTile.start")
    : s.t("refusal.theTile.at", { where: where(cell, s) });
}

function unreachable(value: never): never {
  throw new Error(`no words for ${JSON.stringify(value)}`);
}

/** A seat by its player's name. */
function player(seat: PlayerId, s: Speech): string {
  return s.names[seat] ?? s.t("refusal.seat", { n: seat + 1 });
}

/** A tile laid somewhere: "tile E at 1 north of the start tile, turned 90°". */
function tileAt(tile: TileId, cell: Cell, rotation: Rotation, s: Speech): string {
  return s.t("refusal.tileAt", { tile, square: square(cell, s), rotation: ROTATION_DEGREES[rotation] });
}

/**
 * A place on a tile, as a player would point at it. German words it in the dative, since its
 * messages always put it after "an".
 */
export function placeWords(port: Port, s: Speech): string {
  return s.t(`refusal.port.${port}`);
}

function sideMismatch(m: EdgeMismatch, s: Speech): string {
  return s.t(`refusal.mismatch.${m.side}`, {
    ours: edgeWords(m.ours, s),
    theirs: edgeWords(m.theirs, s),
  });
}

function edgeWords(edge: EdgeKind, s: Speech): string {
  return s.t(`refusal.edge.${edge}`);
}

function featureWords(kind: FeatureKind, s: Speech): string {
  return s.t(featureKey(kind));
}

function quarterWords(quarter: Quarter, s: Speech): string {
  return s.t(`quarter.${quarter}`);
}

function colorWords(color: Color, s: Speech): string {
  return s.t(`color.${color}`);
}

function boxWords(set: TileSet | Start, s: Speech): string {
  return s.t(`box.${set}`);
}

/** Why the engine refused a move, as the reason part of a sentence. */
export function moveRefusal(error: MoveError, s: Speech): string {
  switch (error.kind) {
    case "gameOver":
      return s.t("refusal.gameOver");
    case "offTable":
      return s.t("refusal.offTable", { where: where(error.error.cell, s), limit: error.error.limit });
    case "wrongMode":
      return s.t("refusal.wrongMode");
    case "noSuchMove":
      return s.t("refusal.noSuchMove");
    case "draw":
      return drawRefusal(error.error, s);
    case "placement":
      return placementRefusal(error.error, s);
    case "follower":
      return followerRefusal(error.error, s);
    case "abbot":
      return abbotRefusal(error.error, s);
    case "big":
      return bigRefusal(error.error, s);
    case "purchase":
      return purchaseRefusal(error.error, s);
    case "city":
      return cityRefusal(error.error, s);
    case "count":
      return countRefusal(error.error, s);
    case "stand":
      return standRefusal(error.error, s);
    case "builder":
      return builderRefusal(error.error, s);
    case "pig":
      return pigRefusal(error.error, s);
    case "ferry":
      return ferryRefusal(error.error, s);
    case "magic":
      return magicRefusal(error.error, s);
    case "flight":
      return flightRefusal(error.error, s);
    case "gold":
      return goldRefusal(error.error, s);
    case "crop":
      return cropRefusal(error.error, s);
    default:
      return unreachable(error);
  }
}

function drawRefusal(e: DrawError, s: Speech): string {
  switch (e.kind) {
    case "tileNotInBag":
      return s.t("refusal.tileNotInBag", { tile: e.tile });
    case "riverFirst":
      return s.t("refusal.riverFirst", { tile: e.tile });
    case "cityFirst":
      return s.t("refusal.cityFirst", { tile: e.tile });
    case "springFirst":
      return s.t("refusal.springFirst", { tile: e.tile });
    case "forkFirst":
      return s.t("refusal.forkFirst", { tile: e.tile });
    case "volcanoLast":
      return s.t("refusal.volcanoLast", { tile: e.tile });
    case "lakeLast":
      return s.t("refusal.lakeLast", { tile: e.tile });
    case "startTileFirst":
      return s.t("refusal.startTileFirst", { tile: e.tile });
    case "discardRefused":
      return s.t("refusal.discardRefused", { tileAt: tileAt(e.tile, e.cell, e.rotation, s) });
    default:
      return unreachable(e);
  }
}

function riverWords(reason: RiverError, cell: Cell, s: Speech): string {
  switch (reason) {
    case "NotContinued":
    case "BranchesJoin":
    case "UTurn":
      return s.t(`refusal.river.${reason}`, { square: square(cell, s) });
    default:
      return unreachable(reason);
  }
}

function placementRefusal(e: PlacementError, s: Speech): string {
  switch (e.kind) {
    case "cellOccupied":
      return s.t("refusal.cellOccupied", { tileAt: tileAt(e.tile, e.cell, e.rotation, s) });
    case "notAdjacent":
      return s.t("refusal.notAdjacent", { tileAt: tileAt(e.tile, e.cell, e.rotation, s) });
    case "edgeMismatch":
      return s.tn("refusal.edgeMismatch", e.mismatches.length, {
        tileAt: tileAt(e.tile, e.cell, e.rotation, s),
        sides: e.mismatches.map((m) => sideMismatch(m, s)).join("; "),
      });
    case "outOfBounds":
      return s.t("refusal.outOfBounds", { where: where(e.cell, s) });
    case "buildingNeighbours":
      return s.t("refusal.buildingNeighbours", { square: square(e.cell, s) });
    case "river":
      return riverWords(e.reason, e.cell, s);
    default:
      return unreachable(e);
  }
}

function followerRefusal(e: FollowerError, s: Speech): string {
  switch (e.kind) {
    case "noFollowerLeft":
      return s.t("refusal.noFollowerLeft", { name: player(e.player, s) });
    case "noFeatureAt":
      return s.t("refusal.noFeatureAt", { place: placeWords(e.port, s) });
    case "featureOccupied":
      return s.t("refusal.featureOccupied", { feature: featureWords(e.feature, s), place: placeWords(e.port, s) });
    case "notClaimable":
      return s.t("refusal.notClaimable", { place: placeWords(e.port, s) });
    case "farmersOff":
      return s.t("refusal.farmersOff");
    case "crowdedBuilding":
      return s.t("refusal.crowdedBuilding");
    case "garden":
      return s.t("refusal.garden");
    case "onTheRiver":
      return s.t("refusal.onTheRiver");
    case "inFinalBoard":
      return s.t("refusal.inFinalBoard");
    default:
      return unreachable(e);
  }
}

function abbotRefusal(e: AbbotError, s: Speech): string {
  switch (e.kind) {
    case "notInPlay":
      return s.t("refusal.abbotNotInPlay");
    case "abbotOut":
      return s.t("refusal.abbotOut", { name: player(e.player, s) });
    case "notABuilding":
      return s.t("refusal.abbotNotABuilding", { feature: featureWords(e.feature, s), place: placeWords(e.port, s) });
    case "abbotInHand":
      return s.t("refusal.abbotInHand", { name: player(e.player, s) });
    case "recallWithFigure":
      return s.t("refusal.recallWithFigure");
    case "buildingComplete":
      return s.t("refusal.abbotBuildingComplete", {
        feature: s.t(`${featureKey(e.feature)}.the`),
        square: square(e.cell, s),
      });
    default:
      return unreachable(e);
  }
}

function bigRefusal(e: BigFollowerError, s: Speech): string {
  switch (e.kind) {
    case "notInPlay":
      return s.t("refusal.bigNotInPlay");
    case "bigOut":
      return s.t("refusal.bigOut", { name: player(e.player, s) });
    default:
      return unreachable(e);
  }
}

function builderRefusal(e: BuilderError, s: Speech): string {
  switch (e.kind) {
    case "notInPlay":
      return s.t("refusal.tradersNotInPlay");
    case "builderOut":
      return s.t("refusal.builderOut", { name: player(e.player, s) });
    case "notARoadOrCity":
      return s.t("refusal.builderNotARoadOrCity", {
        feature: featureWords(e.feature, s),
        place: placeWords(e.port, s),
      });
    case "noFollower":
      return s.t("refusal.builderNoFollower", { name: player(e.player, s), feature: featureWords(e.feature, s) });
    case "featureFinished":
      return s.t("refusal.builderFeatureFinished", { feature: featureWords(e.feature, s) });
    case "noSecondTile":
      return s.t("refusal.noSecondTile");
    default:
      return unreachable(e);
  }
}

function magicFigure(figure: MagicFigure, s: Speech): string {
  return s.t(`refusal.magicFigure.${figure}`);
}

function magicRefusal(e: MagicError, s: Speech): string {
  switch (e.kind) {
    case "notInPlay":
      return s.t("refusal.magicNotInPlay");
    case "noSymbol":
      return s.t("refusal.magicNoSymbol", { tile: e.tile });
    case "missing":
      return s.t("refusal.magicMissing", { tile: e.tile });
    case "notARoadOrCity":
      return s.t("refusal.magicNotARoadOrCity", { place: placeWords(e.port, s), tile: theTile(e.cell, s) });
    case "finished":
      return s.t("refusal.magicFinished", { place: placeWords(e.port, s), tile: theTile(e.cell, s) });
    case "occupied":
      return s.t("refusal.magicOccupied", {
        figure: magicFigure(e.figure, s),
        place: placeWords(e.port, s),
        tile: theTile(e.cell, s),
      });
    case "roomLeft":
      return s.t("refusal.magicRoomLeft", { place: placeWords(e.port, s), tile: theTile(e.cell, s) });
    case "notOnBoard":
      return e.figure === null
        ? s.t("refusal.magicNoneOnBoard")
        : s.t("refusal.magicNotOnBoard", { figure: magicFigure(e.figure, s) });
    case "whichFigure":
      return s.t("refusal.magicWhichFigure");
    case "fixMissing":
      return s.t("refusal.magicFixMissing", { place: placeWords(e.port, s), tile: theTile(e.cell, s) });
    case "fixNotNeeded":
      return s.t("refusal.magicFixNotNeeded");
    case "alreadyStanding":
      return s.t("refusal.magicAlreadyStanding", {
        figure: magicFigure(e.figure, s),
        place: placeWords(e.port, s),
        tile: theTile(e.cell, s),
      });
    default:
      return unreachable(e);
  }
}

// Gold Mines (GM-02 to GM-05). A take is counted from 1 here, as the players count them.
function goldRefusal(e: GoldError, s: Speech): string {
  switch (e.kind) {
    case "notAGoldTile":
      return s.t("refusal.notAGoldTile", { tile: e.tile });
    case "neighbourMissing":
      return s.t("refusal.goldNeighbourMissing", { tile: e.tile });
    case "notANeighbour":
      return s.t("refusal.goldNotANeighbour");
    case "noTileThere":
      return s.t("refusal.goldNoTileThere", { square: square(e.cell, s) });
    case "nothingToShare":
      return s.t("refusal.goldNothingToShare");
    case "sharingForced":
      return s.t("refusal.goldSharingForced", { name: player(e.player, s) });
    case "outOfTurn":
      return s.t("refusal.goldOutOfTurn", {
        take: e.take + 1,
        told: player(e.told, s),
        expected: player(e.expected, s),
      });
    case "notTheirs":
      return s.t("refusal.goldNotTheirs", { take: e.take + 1, name: player(e.player, s), square: square(e.from, s) });
    case "takesLeft":
      return s.t("refusal.goldTakesLeft", { ingots: e.ingots });
    case "tooManyTakes":
      return s.t("refusal.goldTooManyTakes", { take: e.take + 1 });
    default:
      return unreachable(e);
  }
}

function pigRefusal(e: PigError, s: Speech): string {
  switch (e.kind) {
    case "notInPlay":
      return s.t("refusal.tradersNotInPlay");
    case "pigOut":
      return s.t("refusal.pigOut", { name: player(e.player, s) });
    case "notAField":
      return s.t("refusal.pigNotAField", { feature: featureWords(e.feature, s), place: placeWords(e.port, s) });
    case "noFarmer":
      return s.t("refusal.pigNoFarmer", { name: player(e.player, s), place: placeWords(e.port, s) });
    default:
      return unreachable(e);
  }
}

/** A lake's road end, named by the middle of the edge it reaches. */
function roadEndWords(side: Side, s: Speech): string {
  const ports: Record<Side, Port> = { North: "N", East: "E", South: "S", West: "W" };
  return placeWords(ports[side], s);
}

function ferryRefusal(e: FerryError, s: Speech): string {
  switch (e.kind) {
    case "notInPlay":
      return s.t("refusal.ferriesNotInPlay");
    case "noLake":
      return s.t("refusal.ferryNoLake", { tile: e.tile });
    case "missing":
      return s.t("refusal.ferryMissing", { tile: e.tile });
    case "noRoadEnd":
      return s.t("refusal.ferryNoRoadEnd", { tile: theTile(e.at, s), place: roadEndWords(e.side, s) });
    case "sameEnd":
      return s.t("refusal.ferrySameEnd", { tile: theTile(e.at, s), place: roadEndWords(e.side, s) });
    case "noFerry":
      return s.t("refusal.ferryNone", { tile: theTile(e.at, s) });
    case "notFirst":
      return s.t("refusal.ferryNotFirst", { tile: theTile(e.at, s) });
    case "placedThisTurn":
      return s.t("refusal.ferryPlacedThisTurn", { tile: theTile(e.at, s) });
    case "movedTwice":
      return s.t("refusal.ferryMovedTwice", { tile: theTile(e.at, s) });
    case "sameLink":
      return s.t("refusal.ferrySameLink", { tile: theTile(e.at, s) });
    case "moveOnFinalBoard":
      return s.t("refusal.ferryOnFinalBoard");
    default:
      return unreachable(e);
  }
}

function flightRefusal(e: FlightError, s: Speech): string {
  switch (e.kind) {
    case "noMachine":
      return s.t("refusal.flightNoMachine", { tile: e.tile });
    case "secondDeployment":
      return s.t("refusal.flightSecondDeployment");
    case "cannotFly":
      return s.t("refusal.flightCannotFly");
    case "notADieFace":
      return s.t("refusal.flightNotADieFace", { roll: e.roll });
    case "noTileThere":
      return s.t("refusal.flightNoTileThere", { square: square(e.cell, s) });
    case "inCarcassonne":
      return s.t("refusal.flightInCarcassonne", { square: square(e.cell, s) });
    case "noPlace":
      return s.t("refusal.noFeatureAtCell", { place: placeWords(e.port, s), tile: theTile(e.cell, s) });
    case "notALandingPlace":
      return s.t("refusal.flightNotALandingPlace", {
        feature: featureWords(e.feature, s),
        place: placeWords(e.port, s),
        tile: theTile(e.cell, s),
      });
    case "wrongBuilding":
      return e.figure === "abbot"
        ? s.t("refusal.abbotNotABuilding", { feature: featureWords(e.feature, s), place: placeWords(e.port, s) })
        : s.t("refusal.garden");
    case "complete":
      return s.t("refusal.flightComplete", {
        feature: featureWords(e.feature, s),
        place: placeWords(e.port, s),
        tile: theTile(e.cell, s),
      });
    case "mustLand":
      return s.t("refusal.flightMustLand", { place: placeWords(e.port, s), tile: theTile(e.cell, s) });
    default:
      return unreachable(e);
  }
}

function cropRefusal(e: CropError, s: Speech): string {
  switch (e.kind) {
    case "noCropCircle":
      return s.t("refusal.noCropCircle", { tile: e.tile });
    case "choiceMissing":
      return s.t("refusal.cropChoiceMissing", { tile: e.tile });
    case "unknownPlayer":
      return s.t("refusal.unknownPlayer", { n: e.player + 1 });
    case "outOfOrder":
      return s.t("refusal.cropOutOfOrder", { name: player(e.player, s), after: player(e.after, s) });
    case "twice":
      return s.t("refusal.cropTwice", { name: player(e.player, s) });
    case "missing":
      return s.t(e.choice === "add" ? "refusal.cropMayAdd" : "refusal.cropMustRemove", { name: player(e.player, s) });
    case "passUnderRemove":
      return s.t("refusal.cropPassUnderRemove", { name: player(e.player, s) });
    case "wrongKind": {
      const at = { place: placeWords(e.port, s), tile: theTile(e.cell, s), wanted: featureWords(e.wanted, s) };
      return e.found === null
        ? s.t("refusal.cropNothingThere", at)
        : s.t("refusal.cropWrongKind", { ...at, found: featureWords(e.found, s) });
    }
    case "notAFollower":
      return s.t("refusal.cropNotAFollower", { name: player(e.player, s) });
    case "nothingToJoin":
      return e.anywhere
        ? s.t("refusal.cropNothingToJoin", {
            name: player(e.player, s),
            place: placeWords(e.port, s),
            tile: theTile(e.cell, s),
          })
        : s.t("refusal.cropNothingToJoinOnTile", { name: player(e.player, s), tile: theTile(e.cell, s) });
    case "noneInHand":
      return s.t(e.figure === "big" ? "refusal.cropNoBigInHand" : "refusal.cropNoFollowerInHand", {
        name: player(e.player, s),
      });
    case "noFigureThere":
      return s.t(e.figure === "big" ? "refusal.cropNoBigThere" : "refusal.cropNoFollowerThere", {
        name: player(e.player, s),
        place: placeWords(e.port, s),
        tile: theTile(e.cell, s),
      });
    default:
      return unreachable(e);
  }
}

function purchaseRefusal(e: PurchaseError, s: Speech): string {
  switch (e.kind) {
    case "unknownPlayer":
      return s.t("refusal.unknownPlayer", { n: e.player + 1 });
    case "fromSelf":
      return s.t("refusal.fromSelf", { name: player(e.player, s) });
    case "cannotPay":
      return s.tn("refusal.cannotPay", e.score, { name: player(e.player, s), price: e.price });
    default:
      return unreachable(e);
  }
}

function cityRefusal(e: CityError, s: Speech): string {
  switch (e.kind) {
    case "noCityToLay":
      return s.t("refusal.noCityToLay");
    case "riverUnfinished":
      return s.t("refusal.riverUnfinished");
    case "overlaps":
      return s.t("refusal.overlaps", { tile: theTile(e.cell, s) });
    case "notAdjacent":
      return s.t("refusal.cityNotAdjacent", { square: square(e.at, s) });
    default:
      return unreachable(e);
  }
}

function countRefusal(e: CountError, s: Speech): string {
  switch (e.kind) {
    case "noCount":
      return s.t("refusal.noCount");
    case "quarterEmpty":
      return s.t("refusal.quarterEmpty", { name: player(e.player, s), quarter: quarterWords(e.quarter, s) });
    case "countBlocks":
      return s.t("refusal.countBlocks", { quarter: quarterWords(e.quarter, s) });
    case "entryLocked":
      return s.t("refusal.entryLocked", { quarter: quarterWords(e.quarter, s) });
    case "marketAtTheEnd":
      return s.t("refusal.marketAtTheEnd");
    case "noFeatureAt":
      return s.t("refusal.noFeatureAtCell", { place: placeWords(e.port, s), tile: theTile(e.cell, s) });
    case "wrongQuarter":
      return s.t("refusal.wrongQuarter", { quarter: quarterWords(e.quarter, s), feature: featureWords(e.feature, s) });
    case "farmersOff":
      return s.t("refusal.farmersOff");
    case "notBeingScored":
      return s.t("refusal.notBeingScored", { place: placeWords(e.port, s), tile: theTile(e.cell, s) });
    case "moveOutOfTurn":
      return s.t("refusal.moveOutOfTurn", { name: player(e.player, s) });
    case "mayNotEnter":
      return s.t("refusal.mayNotEnter", { name: player(e.player, s) });
    case "noFollowerLeft":
      return s.t("refusal.noFollowerLeft", { name: player(e.player, s) });
    case "countMovesByItself":
      return s.t("refusal.countMovesByItself");
    case "noBigInQuarter":
      return s.t("refusal.noBigInQuarter", { name: player(e.player, s), quarter: quarterWords(e.quarter, s) });
    case "noBigFollower":
      return s.t("refusal.noBigFollower", { name: player(e.player, s) });
    default:
      return unreachable(e);
  }
}

function standRefusal(e: StandError, s: Speech): string {
  switch (e.kind) {
    case "inTurns":
      return s.t("refusal.inTurns");
    case "unknownPlayer":
      return s.t("refusal.unknownPlayer", { n: e.player + 1 });
    case "noFollowerLeft":
      return s.t("refusal.noFollowerLeft", { name: player(e.player, s) });
    case "noCount":
      return s.t("refusal.noCount");
    case "noTileAt":
      return s.t("refusal.noTileAt", { square: square(e.cell, s) });
    case "noFeatureAt":
      return s.t("refusal.noFeatureAtCell", { place: placeWords(e.port, s), tile: theTile(e.cell, s) });
    case "notClaimable":
      return s.t("refusal.notClaimableAt", { place: placeWords(e.port, s), tile: theTile(e.cell, s) });
    case "farmersOff":
      return s.t("refusal.farmersOff");
    case "garden":
      return s.t("refusal.garden");
    case "abbotNotInCity":
      return s.t("refusal.abbotNotInCity");
    case "unaccompanied": {
      const at = { name: player(e.player, s), place: placeWords(e.port, s), tile: theTile(e.cell, s) };
      return e.figure === "pig"
        ? s.t("refusal.pigAlone", at)
        : s.t("refusal.builderAlone", { ...at, feature: featureWords(e.feature, s) });
    }
    case "cityNotLaid": {
      const key = e.figure === "big" ? "refusal.bigCityNotLaid" : "refusal.cityNotLaid";
      return s.t(key, { name: player(e.player, s), quarter: quarterWords(e.quarter, s) });
    }
    default:
      return unreachable(e);
  }
}

/** Why the players, boxes or rules do not make a game, as the reason part of a sentence. */
export function setupRefusal(e: SetupError, s: Speech): string {
  switch (e.kind) {
    case "noPlayers":
      return s.t("refusal.noPlayers");
    case "tooManyPlayers":
      return s.tn("refusal.tooManyPlayers", e.detail.count, { max: e.detail.max });
    case "duplicateName":
      return s.t("refusal.duplicateName", { name: e.detail });
    case "duplicateColor":
      return s.t("refusal.duplicateColor", { color: colorWords(e.detail, s) });
    case "riverNeedsSpring":
      return s.t("refusal.riverNeedsSpring");
    case "countNeedsItsStart":
      return s.t("refusal.countNeedsItsStart");
    case "riverBeforeCityNeedsBoth":
      return s.t("refusal.riverBeforeCityNeedsBoth");
    case "bothRiverPrintings":
      return s.t("refusal.bothRiverPrintings");
    case "riverWithCount":
      return s.t("refusal.riverWithCount");
    case "startTileTwice":
      return s.t("refusal.startTileTwice");
    case "startTileAfterRiverNeedsRiver":
      return s.t("refusal.startTileAfterRiverNeedsRiver");
    case "goodsWithoutTheirSeat":
      return s.t("refusal.goodsWithoutTheirSeat", { seats: e.detail.seats });
    case "magicOutOfPlace":
      return s.t("refusal.magicOutOfPlace");
    case "goldWithoutItsSeat":
      return s.t("refusal.goldWithoutItsSeat", { seats: e.detail.seats });
    case "tooMuchGold":
      return s.t("refusal.tooMuchGold", { ingots: e.detail.ingots });
    case "missingStartSet":
      return s.t("refusal.missingStartSet", { box: boxWords(e.detail, s) });
    case "duplicateSet":
      return s.t("refusal.duplicateSet", { box: boxWords(e.detail, s) });
    default:
      return unreachable(e);
  }
}

/** A request naming what does not exist, as a whole sentence. */
export function requestRefusal(e: RequestError, s: Speech): string {
  switch (e.kind) {
    case "unknownSeat":
      return s.t("refusal.unknownSeat", { n: e.detail + 1 });
    case "finalBoardOnly":
      return s.t("refusal.finalBoardOnly");
    case "overLimit":
      return overLimit(e.detail, s);
    default:
      return unreachable(e);
  }
}

/** What was longer or larger than a table ever needs, and the limit; nothing was written. */
export function overLimit(e: OverLimit, s: Speech): string {
  switch (e.kind) {
    case "playerName":
      return s.t("refusal.limit.playerName", { name: e.name, chars: e.chars, max: e.max });
    case "place":
      return s.t("refusal.limit.place", { chars: e.chars, max: e.max });
    case "scriptFile":
      return s.t("refusal.limit.scriptFile", { bytes: e.bytes, max: e.max });
    case "path":
      return s.t("refusal.limit.path", { bytes: e.bytes, max: e.max });
    case "quarterMoves":
      return s.t("refusal.limit.quarterMoves", { given: e.given, max: e.max });
    default:
      return unreachable(e);
  }
}

/** What kept the ledger file from being written, as a whole sentence. */
export function fileProblem(problem: FileProblem, s: Speech): string {
  switch (problem) {
    case "diskFull":
    case "readOnly":
    case "locked":
    case "io":
    case "cannotOpen":
      return s.t("refusal.ledgerFile", { problem: s.t(`refusal.file.${problem}`) });
    default:
      return unreachable(problem);
  }
}
