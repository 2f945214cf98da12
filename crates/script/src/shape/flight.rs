//! A move's `flight`, the one object that refuses a key it does not know: a misspelt `to`
//! would read as a crash.

use super::leaf::PortName;
use super::FlightDoc;
use crate::shown::quoted;
use serde::de::{self, Deserializer};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};
use serde_json::Value;

impl<'de> Deserialize<'de> for FlightDoc {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let wrong = |m: String| de::Error::custom(m);
        let v = Value::deserialize(d)?;
        let f = v.as_object().ok_or_else(|| wrong("flight: expected an object".into()))?;
        if let Some(k) = f.keys().find(|k| !matches!(k.as_str(), "roll" | "to")) {
            return Err(wrong(format!("flight: unknown key {}", quoted(k))));
        }
        let roll = f.get("roll").ok_or_else(|| wrong("flight: missing roll".into()))?;
        // Any whole number a die could be mistaken for is passed on, so the engine can say
        // which faces the die has (FM-06); beyond a byte it is no die result at all.
        let roll = roll
            .as_u64()
            .and_then(|r| u8::try_from(r).ok())
            .ok_or_else(|| wrong(format!("flight: roll {roll} is not a die result")))?;
        let to = match f.get("to") {
            None => None,
            Some(Value::String(_)) => Some(PortName::deserialize(&f["to"]).map_err(|e| wrong(e.to_string()))?.0),
            Some(_) => return Err(wrong("flight: to: expected a place".into())),
        };
        Ok(FlightDoc { roll, to })
    }
}

impl Serialize for FlightDoc {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("roll", &self.roll)?;
        if let Some(to) = self.to {
            map.serialize_entry("to", to.name())?;
        }
        map.end()
    }
}
