//! A tile's rotation as the UI sends and is shown it: degrees clockwise, one of 0, 90, 180 and
//! 270, and nothing else on either side of the wire. The engine's own [`Rotation`] keeps its
//! names (`"R90"`) where its refusals carry one.

use castellan_engine::Rotation;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A rotation in degrees clockwise, and only a quarter turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Degrees(#[cfg_attr(feature = "specta", specta(type = QuarterTurns))] pub Rotation);

/// The TypeScript of [`Degrees`]: the four numbers, as specta has no numeric literal type.
#[cfg(feature = "specta")]
struct QuarterTurns;

#[cfg(feature = "specta")]
impl specta::Type for QuarterTurns {
    fn definition(_: &mut specta::Types) -> specta::datatype::DataType {
        let union = Rotation::ALL.map(|r| r.degrees().to_string()).join(" | ");
        specta::datatype::DataType::Reference(specta_typescript::define(union))
    }
}

/// Each of the engine's rotations, as its refusals name it, with its degrees: so that the UI
/// words a refused tile's turn without a list of its own.
pub fn rotation_degrees() -> std::collections::BTreeMap<Rotation, Degrees> {
    Rotation::ALL.into_iter().map(|r| (r, Degrees(r))).collect()
}

impl From<Rotation> for Degrees {
    fn from(rotation: Rotation) -> Degrees {
        Degrees(rotation)
    }
}

impl From<Degrees> for Rotation {
    fn from(degrees: Degrees) -> Rotation {
        degrees.0
    }
}

impl Serialize for Degrees {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u16(self.0.degrees())
    }
}

/// Any other number is refused: a request can carry anything.
impl<'de> Deserialize<'de> for Degrees {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let degrees = i64::deserialize(deserializer)?;
        Rotation::from_degrees(degrees)
            .map(Degrees)
            .ok_or_else(|| serde::de::Error::custom(format_args!("rotation {degrees} is not 0, 90, 180 or 270")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rotation_crosses_as_its_degrees_and_no_other_number_is_read() {
        for rotation in Rotation::ALL {
            let json = serde_json::to_string(&Degrees(rotation)).unwrap();
            assert_eq!(json, rotation.degrees().to_string(), "the number the UI has always been sent");
            assert_eq!(serde_json::from_str::<Degrees>(&json).unwrap(), Degrees(rotation), "read back");
        }
        for bad in ["45", "360", "-90", "\"90\"", "90.5"] {
            let error = serde_json::from_str::<Degrees>(bad).expect_err(bad);
            assert!(!error.to_string().is_empty(), "{bad} is refused");
        }
        let error = serde_json::from_str::<Degrees>("45").unwrap_err().to_string();
        assert!(error.starts_with("rotation 45 is not 0, 90, 180 or 270"), "{error}");
    }

    #[test]
    fn each_rotation_a_refusal_names_is_given_its_degrees() {
        let json = serde_json::to_string(&rotation_degrees()).unwrap();
        assert_eq!(json, r#"{"R0":0,"R90":90,"R180":180,"R270":270}"#, "keyed as the engine's refusals name them");
    }
}
