//! An area map is serialized as its file text and checked again when deserialized.

use crate::area::AreaMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

impl Serialize for AreaMap {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.source)
    }
}

impl<'de> Deserialize<'de> for AreaMap {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<AreaMap, D::Error> {
        let text = String::deserialize(deserializer)?;
        AreaMap::parse(&text).map_err(serde::de::Error::custom)
    }
}
