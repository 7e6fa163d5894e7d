//! What lies on the border between two land areas.

/// How a land border is crossed.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Crossing {
    /// An ordinary area line.
    None,
    /// A river runs along the border (7.3.1.3.2; river crossing combat tables, 7.5.2.7.1).
    River,
    /// A sea crossing arrow between two land areas across the sea zone `sea`, the
    /// "surrounding sea area" (7.3.1.3.3, 7.2.3.2.2). `optional` arrows exist only under
    /// option 12.2.1 (the Channel arrow, 12.2.1.1; the Danish/Swedish arrows, 12.2.1.2).
    Strait { sea: String, optional: bool },
}

impl Crossing {
    /// Whether this is a sea crossing arrow (optional or not).
    pub fn is_strait(&self) -> bool {
        matches!(self, Crossing::Strait { .. })
    }

    /// The sea zone a sea crossing arrow crosses.
    pub fn strait_sea(&self) -> Option<&str> {
        match self {
            Crossing::Strait { sea, .. } => Some(sea),
            _ => None,
        }
    }
}

/// One land border seen from an area: the neighbouring area and how the border is crossed.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Border {
    /// The neighbouring land area.
    pub to: String,
    pub crossing: Crossing,
}
