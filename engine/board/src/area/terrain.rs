//! The terrain of a land area.

use std::fmt;

/// The terrain of a land area. The Empires in Arms text names marsh and mountain (7.3.1.3.1);
/// clear and forest complete the map's terrain types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum AreaTerrain {
    Clear,
    Forest,
    Mountain,
    Marsh,
}

impl AreaTerrain {
    /// Every terrain, in the order the format lists them.
    pub const ALL: [AreaTerrain; 4] =
        [AreaTerrain::Clear, AreaTerrain::Forest, AreaTerrain::Mountain, AreaTerrain::Marsh];

    /// The word the map file uses.
    pub fn as_str(self) -> &'static str {
        match self {
            AreaTerrain::Clear => "clear",
            AreaTerrain::Forest => "forest",
            AreaTerrain::Mountain => "mountain",
            AreaTerrain::Marsh => "marsh",
        }
    }

    /// The terrain the map file calls `word`.
    pub fn parse(word: &str) -> Option<AreaTerrain> {
        AreaTerrain::ALL.into_iter().find(|t| t.as_str() == word)
    }

    /// Movement points to enter an area of this terrain: 2 for marsh and mountain, 1 otherwise
    /// (7.3.1.3). River and sea-crossing costs come on top (7.3.1.3.2-7.3.1.3.4).
    pub fn entry_cost(self) -> u8 {
        match self {
            AreaTerrain::Marsh | AreaTerrain::Mountain => 2,
            AreaTerrain::Clear | AreaTerrain::Forest => 1,
        }
    }
}

impl fmt::Display for AreaTerrain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::AreaTerrain;

    #[test]
    fn marsh_and_mountain_cost_two_to_enter() {
        assert_eq!(AreaTerrain::Marsh.entry_cost(), 2);
        assert_eq!(AreaTerrain::Mountain.entry_cost(), 2);
        assert_eq!(AreaTerrain::Clear.entry_cost(), 1);
        assert_eq!(AreaTerrain::Forest.entry_cost(), 1);
    }

    #[test]
    fn terrain_words_read_back() {
        for t in AreaTerrain::ALL {
            assert_eq!(AreaTerrain::parse(t.as_str()), Some(t));
        }
        assert_eq!(AreaTerrain::parse("swamp"), None);
    }
}
