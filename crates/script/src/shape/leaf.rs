//! The values a script's keys hold, each a type that reads itself and says in the format's
//! own words what is wrong with it (`expected a string`, ``unknown tile `ZZ` ``). A leaf is
//! read whole: where it is wrong is the key holding it, never a place inside it.
//!
//! Not here: what a value means next to another (a player's name among the seated, a version
//! a set needs): that is read's, after the whole entry is read.

use crate::shown::quoted;
use castellan_engine::{
    Cell, Color, CountMovement, CropChoice, FarmRule, Figure, MagicFigure, Mode, Port, Quarter, Rotation, Side, Start,
    TiedWinners, TileId, TileSet, Unplaceable,
};
use serde::de::{self, DeserializeOwned, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;
use std::marker::PhantomData;

/// Reads a key's value, `null` included, as the value it must be: the format has no key whose
/// `null` means "absent" (only `setup.magic`'s places, which say so themselves).
pub(crate) fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

fn wrong<E: de::Error>(message: impl fmt::Display) -> E {
    E::custom(message)
}

/// A string.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub(crate) struct Text(pub String);

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match Value::deserialize(d)? {
            Value::String(s) => Ok(Text(s)),
            _ => Err(wrong("expected a string")),
        }
    }
}

/// `true` or `false`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub(crate) struct Flag(pub bool);

impl<'de> Deserialize<'de> for Flag {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Value::deserialize(d)?.as_bool().map(Flag).ok_or_else(|| wrong("expected true or false"))
    }
}

/// A whole number; its range is the key's to say.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub(crate) struct Whole(pub i64);

impl<'de> Deserialize<'de> for Whole {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        whole(&Value::deserialize(d)?)
    }
}

fn whole<E: de::Error>(v: &Value) -> Result<Whole, E> {
    v.as_i64().map(Whole).ok_or_else(|| wrong("expected a whole number"))
}

fn list<E: de::Error>(v: &Value) -> Result<&[Value], E> {
    v.as_array().map(Vec::as_slice).ok_or_else(|| wrong("expected a list"))
}

/// The visits of a value that is no list or object, each refused with the format's words
/// rather than serde's.
macro_rules! refuse_scalars {
    ($out:ty, $message:literal) => {
        fn visit_unit<E: de::Error>(self) -> Result<$out, E> {
            Err(wrong($message))
        }
        fn visit_bool<E: de::Error>(self, _: bool) -> Result<$out, E> {
            Err(wrong($message))
        }
        fn visit_i64<E: de::Error>(self, _: i64) -> Result<$out, E> {
            Err(wrong($message))
        }
        fn visit_u64<E: de::Error>(self, _: u64) -> Result<$out, E> {
            Err(wrong($message))
        }
        fn visit_f64<E: de::Error>(self, _: f64) -> Result<$out, E> {
            Err(wrong($message))
        }
        fn visit_str<E: de::Error>(self, _: &str) -> Result<$out, E> {
            Err(wrong($message))
        }
    };
}

/// An object whose keys the type `T` declares; anything else is "expected an object".
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub(crate) struct Obj<T>(pub T);

impl<'de, T: DeserializeOwned> Deserialize<'de> for Obj<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Of<T>(PhantomData<T>);
        impl<'de, T: DeserializeOwned> Visitor<'de> for Of<T> {
            type Value = Obj<T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Obj<T>, A::Error> {
                T::deserialize(de::value::MapAccessDeserializer::new(map)).map(Obj)
            }
            refuse_scalars!(Obj<T>, "expected an object");
            fn visit_seq<A: SeqAccess<'de>>(self, _: A) -> Result<Obj<T>, A::Error> {
                Err(wrong("expected an object"))
            }
        }
        d.deserialize_any(Of(PhantomData))
    }
}

/// A list of `T`; anything else is "expected a list".
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub(crate) struct List<T>(pub Vec<T>);

impl<'de, T: DeserializeOwned> Deserialize<'de> for List<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Of<T>(PhantomData<T>);
        impl<'de, T: DeserializeOwned> Visitor<'de> for Of<T> {
            type Value = List<T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a list")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<List<T>, A::Error> {
                let mut out = Vec::new();
                while let Some(item) = seq.next_element()? {
                    out.push(item);
                }
                Ok(List(out))
            }
            refuse_scalars!(List<T>, "expected a list");
            fn visit_map<A: MapAccess<'de>>(self, _: A) -> Result<List<T>, A::Error> {
                Err(wrong("expected a list"))
            }
        }
        d.deserialize_any(Of(PhantomData))
    }
}

/// An object keyed by a player's name (or a kind of goods), in the file's order: which names
/// may stand there is the reader's to say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct NameMap<T>(pub Vec<(String, T)>);

impl<T: Serialize> Serialize for NameMap<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

impl<'de, T: DeserializeOwned> Deserialize<'de> for NameMap<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Of<T>(PhantomData<T>);
        impl<'de, T: DeserializeOwned> Visitor<'de> for Of<T> {
            type Value = NameMap<T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<NameMap<T>, A::Error> {
                let mut out = Vec::new();
                while let Some((k, v)) = map.next_entry::<String, T>()? {
                    out.push((k, v));
                }
                Ok(NameMap(out))
            }
            refuse_scalars!(NameMap<T>, "expected an object");
            fn visit_seq<A: SeqAccess<'de>>(self, _: A) -> Result<NameMap<T>, A::Error> {
                Err(wrong("expected an object"))
            }
        }
        d.deserialize_any(Of(PhantomData))
    }
}

/// Names an engine type by its name in the file, refusing any other with its own words.
macro_rules! named {
    ($(#[$doc:meta])* $wrapper:ident($inner:ty), $unknown:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub(crate) struct $wrapper(pub $inner);

        impl<'de> Deserialize<'de> for $wrapper {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let name = Text::deserialize(d)?.0;
                <$inner>::from_name(&name).map($wrapper).ok_or_else(|| wrong(format!($unknown, quoted(&name))))
            }
        }

        impl Serialize for $wrapper {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(&self.0.name())
            }
        }
    };
}

named!(
    /// A set of `setup.sets`.
    SetName(TileSet), "unknown set {}"
);
named!(
    /// `setup.start`.
    StartName(Start), "unknown start {}"
);
named!(
    /// `setup.mode`.
    ModeName(Mode), "unknown mode {}"
);
named!(
    /// A player's colour.
    ColorName(Color), "unknown colour {}"
);
named!(
    /// A quarter of the City of Carcassonne.
    QuarterName(Quarter), "unknown quarter {}"
);
named!(
    /// A tile id.
    TileName(TileId), "unknown tile {}"
);
named!(
    /// A place on a tile (`"N"`, `"NL"`, `"C"`).
    PortName(Port), "unknown place {}"
);
named!(
    /// A figure of version 2 (`follower`, `big`, `abbot`, `builder`, `pig`).
    FigureName(Figure), "unknown figure {}"
);
named!(
    /// The mage or the witch.
    MagicFigureName(MagicFigure), "unknown magic figure {} (mage or witch)"
);
named!(
    /// `setup.rules.farms`.
    FarmName(FarmRule), "unknown farm rule {}"
);
named!(
    /// `setup.rules.count_movement`.
    CountMovementName(CountMovement), "unknown Count movement {}"
);
named!(
    /// `setup.rules.tied_winners`.
    TiedWinnersName(TiedWinners), "unknown tie rule {}"
);
named!(
    /// `setup.rules.unplaceable`.
    UnplaceableName(Unplaceable), "unknown value {}"
);

/// A crop circle's `choice`: `add` or `remove` (CC-03).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CropChoiceName(pub CropChoice);

impl<'de> Deserialize<'de> for CropChoiceName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = Text::deserialize(d)?.0;
        CropChoice::from_name(&name)
            .map(CropChoiceName)
            .ok_or_else(|| wrong(format!("choice {} is not \"add\" or \"remove\"", quoted(&name))))
    }
}

impl Serialize for CropChoiceName {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0.name())
    }
}

/// A turn of a tile: `rot` in degrees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rot(pub Rotation);

impl<'de> Deserialize<'de> for Rot {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let degrees = Whole::deserialize(d)?.0;
        Rotation::from_degrees(degrees).map(Rot).ok_or_else(|| wrong(format!("rot {degrees} is not 0, 90, 180 or 270")))
    }
}

impl Serialize for Rot {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.degrees().serialize(s)
    }
}

/// `"abbot"`, the one figure taken back (`recall`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Recall;

impl<'de> Deserialize<'de> for Recall {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match Text::deserialize(d)?.0.as_str() {
            "abbot" => Ok(Recall),
            _ => Err(wrong("only the abbot is taken back (`\"recall\": \"abbot\"`)")),
        }
    }
}

impl Serialize for Recall {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str("abbot")
    }
}

/// A cell, `[x, y]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CellRef(pub Cell);

impl CellRef {
    fn from_values<E: de::Error>(x: &Value, y: &Value) -> Result<Cell, E> {
        let (x, y) = (whole(x)?.0, whole(y)?.0);
        // The engine refuses a cell off the table (`Cell::LIMIT`); one beyond `i32` cannot even
        // be handed to it, and gets the same words here.
        match (i32::try_from(x), i32::try_from(y)) {
            (Ok(x), Ok(y)) => Ok(Cell::new(x, y)),
            _ => {
                let limit = Cell::LIMIT;
                Err(wrong(format!("[{x},{y}] is off the table: coordinates run from -{limit} to {limit}")))
            }
        }
    }
}

impl<'de> Deserialize<'de> for CellRef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match list(&Value::deserialize(d)?)? {
            [x, y] => CellRef::from_values(x, y).map(CellRef),
            _ => Err(wrong("expected [x, y]")),
        }
    }
}

impl Serialize for CellRef {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        [self.0.x, self.0.y].serialize(s)
    }
}

/// A place anywhere on the board, `[x, y, "NL"]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PlaceRef(pub Cell, pub Port);

impl<'de> Deserialize<'de> for PlaceRef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match list(&Value::deserialize(d)?)? {
            [x, y, port] => {
                let cell = CellRef::from_values(x, y)?;
                let PortName(port) = PortName::deserialize(port).map_err(wrong)?;
                Ok(PlaceRef(cell, port))
            }
            _ => Err(wrong("expected [x, y, place]")),
        }
    }
}

impl Serialize for PlaceRef {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        (self.0.x, self.0.y, self.1.name()).serialize(s)
    }
}

/// Two sides such as `["W", "S"]`: the road ends a ferry links (FE-03, FE-05).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FerryLink(pub [Side; 2]);

impl<'de> Deserialize<'de> for FerryLink {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        fn side<E: de::Error>(v: &Value) -> Result<Side, E> {
            let s = v.as_str().ok_or_else(|| wrong("expected a string"))?;
            Side::ALL
                .into_iter()
                .find(|side| side.letter() == s)
                .ok_or_else(|| wrong(format!("{} is not a side (N, E, S or W)", quoted(s))))
        }
        match list(&Value::deserialize(d)?)? {
            [a, b] => Ok(FerryLink([side(a)?, side(b)?])),
            _ => Err(wrong("a ferry links two road ends: [side, side]")),
        }
    }
}

impl Serialize for FerryLink {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        [self.0[0].letter(), self.0[1].letter()].serialize(s)
    }
}

/// Where a stand move puts its follower: `[x, y, "NL"]` on the board, or a quarter's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StandAt {
    /// On a tile.
    Board(PlaceRef),
    /// In a quarter of the City.
    City(QuarterName),
}

impl<'de> Deserialize<'de> for StandAt {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Value::deserialize(d)?;
        match v {
            Value::String(_) => QuarterName::deserialize(v).map(StandAt::City).map_err(wrong),
            _ => PlaceRef::deserialize(v).map(StandAt::Board).map_err(wrong),
        }
    }
}

impl Serialize for StandAt {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            StandAt::Board(place) => place.serialize(s),
            StandAt::City(quarter) => quarter.serialize(s),
        }
    }
}
