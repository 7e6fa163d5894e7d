//! The kinds of army factors (5.2, 2.4.2.1.1). A corps holds factors of several kinds up to
//! the capacities of its national card; garrisons hold infantry and militia (7.3.3.3).

use serde::{Deserialize, Serialize};
use std::fmt;

/// A kind of army factor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FactorKind {
    /// Regular infantry (5.2).
    Infantry,
    /// Militia infantry (5.2).
    Militia,
    /// Regular cavalry (5.2).
    Cavalry,
    /// Guard infantry (5.2).
    Guard,
    /// Artillery (5.2; artillery may not be detached, 7.3.3.2).
    Artillery,
    /// Turkish feudal infantry (10.1.3).
    FeudalInfantry,
    /// Turkish feudal cavalry (10.1.3).
    FeudalCavalry,
    /// Austrian insurrection militia (10.1.4).
    InsurrectionMilitia,
    /// Austrian insurrection cavalry (10.1.4).
    InsurrectionCavalry,
    /// A Russian cossack (one factor per counter, 2.4.1).
    Cossack,
    /// An Austrian or Prussian freikorps (one factor per counter, 2.4.1).
    Freikorps,
    /// A Spanish guerrilla (10.1.1).
    Guerrilla,
}

impl FactorKind {
    pub const ALL: [FactorKind; 12] = [
        FactorKind::Infantry,
        FactorKind::Militia,
        FactorKind::Cavalry,
        FactorKind::Guard,
        FactorKind::Artillery,
        FactorKind::FeudalInfantry,
        FactorKind::FeudalCavalry,
        FactorKind::InsurrectionMilitia,
        FactorKind::InsurrectionCavalry,
        FactorKind::Cossack,
        FactorKind::Freikorps,
        FactorKind::Guerrilla,
    ];

    /// The word used in data files and commands.
    pub fn id(self) -> &'static str {
        match self {
            FactorKind::Infantry => "infantry",
            FactorKind::Militia => "militia",
            FactorKind::Cavalry => "cavalry",
            FactorKind::Guard => "guard",
            FactorKind::Artillery => "artillery",
            FactorKind::FeudalInfantry => "feudal-infantry",
            FactorKind::FeudalCavalry => "feudal-cavalry",
            FactorKind::InsurrectionMilitia => "insurrection-militia",
            FactorKind::InsurrectionCavalry => "insurrection-cavalry",
            FactorKind::Cossack => "cossack",
            FactorKind::Freikorps => "freikorps",
            FactorKind::Guerrilla => "guerrilla",
        }
    }

    pub fn from_id(id: &str) -> Option<FactorKind> {
        FactorKind::ALL.into_iter().find(|k| k.id() == id)
    }

    /// The kind a city garrison holds this kind as (7.3.3.2): cavalry and guard become
    /// infantry; the others stay as they are.
    pub fn in_city(self) -> FactorKind {
        match self {
            FactorKind::Cavalry | FactorKind::Guard => FactorKind::Infantry,
            k => k,
        }
    }

    /// Is this kind an irregular force (10.1: cossacks, freikorps, guerrillas): counters of
    /// their own on the map, never in a corps (2.4.1)?
    pub fn irregular(self) -> bool {
        matches!(self, FactorKind::Cossack | FactorKind::Freikorps | FactorKind::Guerrilla)
    }

    /// May this kind garrison a city or a depot (7.3.3.3)? Infantry and militia, and the
    /// irregulars of 7.3.3.3.1 (guerrillas only in cities).
    pub fn may_garrison(self) -> bool {
        matches!(
            self,
            FactorKind::Infantry
                | FactorKind::Militia
                | FactorKind::Cossack
                | FactorKind::Freikorps
                | FactorKind::Guerrilla
        )
    }
}

impl fmt::Display for FactorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}
