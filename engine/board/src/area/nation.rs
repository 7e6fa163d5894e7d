//! Nations (major powers and minor countries) and their provinces.

/// Whether a nation is one of the major powers or a minor country.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum NationKind {
    Major,
    Minor,
}

/// A major power or a minor country as the map draws it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nation {
    /// Stable id, e.g. "france", "portugal".
    pub id: String,
    pub kind: NationKind,
    /// Display name, e.g. "Great Britain".
    pub name: String,
    /// The land area holding its capital city (in one of its `home` provinces).
    pub capital: String,
}

/// What a province is to its nation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ProvinceKind {
    /// Part of a major power's home nation, or a minor country's own (first) district.
    Home,
    /// Held by a major power at the start of 1805 but outside its home nation (lands it
    /// annexed or occupies; like a ceded province, 5.2.2.2.1).
    Held,
    /// A secondary district of a minor country (10.4).
    District,
}

impl ProvinceKind {
    /// The word the map file uses.
    pub fn as_str(self) -> &'static str {
        match self {
            ProvinceKind::Home => "home",
            ProvinceKind::Held => "held",
            ProvinceKind::District => "district",
        }
    }
}

/// A province of a major power, or a district of a minor country: a group of areas with a
/// capital city, along whose edges national and provincial borders run (1.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Province {
    pub id: String,
    /// The nation it belongs to.
    pub nation: String,
    pub kind: ProvinceKind,
    /// One of the Polish provinces, which option 11.1 (Grand Duchy of Warsaw) draws on.
    pub polish: bool,
    /// An Austrian border province, where insurrection corps gather (5.2.2.2.1, 10.1.4).
    pub border: bool,
    /// The land area of the province's capital city.
    pub capital: String,
    /// Display name.
    pub name: String,
}
