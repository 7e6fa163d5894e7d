//! A map is serialized as its map-file text and checked again when deserialized.

use crate::Map;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

impl Serialize for Map {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.source)
    }
}

impl<'de> Deserialize<'de> for Map {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Map, D::Error> {
        let text = String::deserialize(deserializer)?;
        Map::parse(&text).map_err(serde::de::Error::custom)
    }
}
