//! Fixed-size identifiers written as lowercase hex in entries.

use serde::{de::Error, Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

macro_rules! hex_id {
    ($(#[$doc:meta])* $name:ident, $len:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(pub [u8; $len]);

        impl $name {
            pub fn to_hex(&self) -> String {
                hex::encode(self.0)
            }

            /// Lowercase hex of exactly the right length.
            pub fn from_hex(text: &str) -> Option<Self> {
                if text.len() != 2 * $len || text.bytes().any(|b| b.is_ascii_uppercase()) {
                    return None;
                }
                let mut bytes = [0u8; $len];
                hex::decode_to_slice(text, &mut bytes).ok()?;
                Some($name(bytes))
            }

            /// The first eight hex digits, for people.
            pub fn short(&self) -> String {
                self.to_hex()[..8].to_string()
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.to_hex())
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}({})", stringify!($name), self.short())
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(&self.to_hex())
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = String::deserialize(d)?;
                $name::from_hex(&text).ok_or_else(|| {
                    D::Error::custom(format!("expected {} lowercase hex digits, got `{text}`", 2 * $len))
                })
            }
        }
    };
}

hex_id!(
    /// The id of an entry: SHA-256 over a domain tag and the entry's canonical bytes.
    EntryId,
    32
);
hex_id!(
    /// A game's id, chosen at random by its creator and fixed in the genesis entry.
    GameId,
    16
);
hex_id!(
    /// A 32-byte hash value (dice chain links, commitments, scenario data hashes, salts).
    Hash32,
    32
);
