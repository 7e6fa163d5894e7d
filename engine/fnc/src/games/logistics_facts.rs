//! What differs between EC and RSW in reinforcements, supply and recycling, in one place:
//! where each side's units enter (8.4-8.10), the areas of the Ottoman container draw (8.5),
//! the limits on lines to particular supply sources (12.6 El Minya, 12.8 Sveaborg), port
//! supply (12.4, 12.6), the Aland Isles (12.8) and who never recycles or rolls with a
//! modifier (8.7, 8.12). (The seas a naval victory closes are `GameRules::naval_waters`.)
//!
//! The shared reinforcement, supply and recycling code asks these questions and never tests
//! the game or a place's name itself; the facts name places as the map files do.

use super::combat_facts::is_mameluke_5_8;
use super::random_events::RandomEvent;
use super::GameRules;
use crate::data::{Counter, SetupCode};
use crate::state::Side;
use grognard_engine::RuleError;

/// Limits on the supply lines traced to one source (12.6, 12.8).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SourceLimits {
    /// Lines may not cross a border hexside (12.6: El Minya).
    pub no_border_crossing: bool,
    /// Lines enter the source only across its landward hexsides (12.8, errata 6A: Sveaborg
    /// only across 1210/1309).
    pub landward_entry_only: bool,
    /// No line reaches the source from outside its hex (12.8: Sveaborg after a Russian naval
    /// victory); units in it are still supplied.
    pub cut_from_outside: bool,
}

/// How ports supply a side's units (12.4, 12.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PortSupply {
    /// Ports give no supply by themselves.
    None,
    /// Every port supplies the side's units in it (12.6: Ottomans after British intervention).
    Every,
    /// Ports on water where the side conducts naval operations now supply (12.4).
    NavalWaters,
}

/// Where a unit may enter (8.4-8.10, 8.13); each game's facts say which applies
/// (`games::logistics_facts`). `rule` is the rule number refusals cite.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EntryRule {
    /// A town or city of these regions the side controls and supplies, or one of these boxes
    /// (8.4, 8.10). `gunboat_water`: a gunboat needs a river, canal or lake hexside there
    /// (8.4). `overland_water`: locales on this water need an overland supply line (8.10).
    Towns {
        rule: &'static str,
        regions: Vec<String>,
        boxes: Vec<String>,
        gunboat_water: bool,
        overland_water: Option<String>,
    },
    /// A controlled and supplied intact fortress of the region (8.6: Ottoman arrivals in
    /// Syria-Palestine).
    Fortresses { rule: &'static str, region: String },
    /// A friendly controlled supply source of the side in the region, or one of these boxes
    /// (8.6: Ottoman arrivals in Egypt).
    Sources { rule: &'static str, region: String, boxes: Vec<String> },
    /// A friendly controlled port on one of these waters, or one of these boxes (8.8).
    Ports { rule: &'static str, waters: Vec<String>, boxes: Vec<String> },
    /// Only into this box (8.6, 8.9; 6.4 event 1).
    Box { rule: &'static str, box_id: String },
}

/// What the entry rules need to know of the game in progress.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EntryFacts<'a> {
    /// The area an Ottoman reinforcement was drawn for (8.5, 8.6), if any.
    pub arrival: Option<&'a str>,
    /// The enemy won the naval victory (6.4 event 4, 8.10).
    pub enemy_naval_victory: bool,
}

/// The logistics answers of one game.
pub trait LogisticsFacts: Sync {
    /// Where `counter` of `side` may enter now (8.4-8.10, 8.13, errata 4A), or placed by the
    /// random event `event` (8.3).
    fn entry_rule(
        &self,
        side: Side,
        counter: &Counter,
        event: Option<&str>,
        facts: EntryFacts<'_>,
    ) -> Result<EntryRule, RuleError>;
    /// The areas of a container draw by the second die, 1-2, 3-4 and 5-6 (8.5): a box id (the
    /// units go straight into the box) or a region name (they wait to be placed there).
    fn draw_areas(&self) -> Option<[&'static str; 3]>;
    /// The areas of the Ottoman Infighting event by its die, 1-2, 3-4 and 5-6 (6.3): region
    /// names and a box id; `None` where the game has no such event.
    fn infighting_areas(&self) -> Option<[&'static str; 3]>;
    /// The area printed on a container unit, which the area die does not change (16.0 1A:
    /// the random placement is for the plain "Reinf ?" units only).
    fn printed_area(&self, counter: &Counter) -> Option<&'static str>;
    /// The limits on lines of `side` traced to the source named `name`; `enemy_naval_victory`
    /// is true when the other side won RSW's naval victory (12.6, 12.8).
    fn source_limits(&self, side: Side, name: &str, enemy_naval_victory: bool) -> SourceLimits;
    /// How ports supply `side`'s units; `british` = the British intervened (12.4, 12.6).
    fn port_supply(&self, side: Side, british: bool) -> PortSupply;
    /// The region (by the start of its name) whose units of `side` are in supply while the
    /// side controls every town in it (12.8: the Aland Isles and Marienhamm).
    fn island_region(&self, side: Side) -> Option<&'static str>;
    /// Why this unit never comes back once eliminated, if it never does for a reason of its
    /// own game (8.7: the Mameluke 5-8 cavalry).
    fn never_returns(&self, counter: &Counter) -> Option<&'static str>;
    /// The Unit-Recycling Table modifiers of this unit's own (8.12: French -1).
    fn recycling_modifiers(&self, counter: &Counter) -> Vec<(i32, &'static str)>;
}

/// EC's Anatolian staging area and Upper Egypt boxes (8.6), by their ids in the map file.
const ANATOLIA: &str = "anatolia";
const UPPER_EGYPT: &str = "upper-egypt";
/// The region of EC whose Ottoman arrivals may enter at a supply source (8.6).
const EGYPT: &str = "Egypt";
/// The other EC region of Ottoman arrivals, at its fortresses (8.6).
const SYRIA_PALESTINE: &str = "Syria-Palestine";
/// The sea of the British arrival ports (8.8), as the map may name it.
const MEDITERRANEAN: [&str; 2] = ["Mediterranean", "Mediterranean Sea"];
/// 8.10: after a Russian naval victory, Swedish arrivals on the Gulf of Finland need an overland line.
const GULF_OF_FINLAND: &str = "Gulf of Finland";

fn strings(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

impl LogisticsFacts for super::ec::Ec {
    fn entry_rule(
        &self,
        side: Side,
        counter: &Counter,
        _event: Option<&str>,
        facts: EntryFacts<'_>,
    ) -> Result<EntryRule, RuleError> {
        let regions = strings(self.home_regions(side));
        if side == Side::First {
            // 8.4: a French-controlled and supplied town or city in Egypt; the gunboats need
            // river, canal or lake water there.
            return Ok(EntryRule::Towns {
                rule: "8.4",
                regions,
                boxes: Vec::new(),
                gunboat_water: true,
                overland_water: None,
            });
        }
        if counter.nation != counter.side {
            // 8.8: the British, at a friendly Mediterranean port or in the Anatolian box.
            return Ok(EntryRule::Ports { rule: "8.8", waters: strings(&MEDITERRANEAN), boxes: strings(&[ANATOLIA]) });
        }
        match facts.arrival {
            // 8.6: Egypt: the Upper Egypt box or a friendly Ottoman supply source there.
            Some(EGYPT) => {
                Ok(EntryRule::Sources { rule: "8.6", region: EGYPT.to_string(), boxes: strings(&[UPPER_EGYPT]) })
            }
            // 8.6: Syria-Palestine: its friendly, supplied, intact fortresses.
            Some(area) => Ok(EntryRule::Fortresses { rule: "8.6", region: area.to_string() }),
            // 3.2 sets the "Reinf. Anat." units aside; they arrive in the Anatolian box (8.6).
            None if counter.setup == SetupCode::ReinfAnat => {
                Ok(EntryRule::Box { rule: "8.6", box_id: ANATOLIA.to_string() })
            }
            None => Err(RuleError::new("8.5", "Ottoman reinforcements arrive only as drawn from the container")),
        }
    }

    fn draw_areas(&self) -> Option<[&'static str; 3]> {
        // 8.5: 1-2 the Anatolian box, 3-4 Syria-Palestine, 5-6 Egypt.
        Some([ANATOLIA, SYRIA_PALESTINE, EGYPT])
    }

    fn infighting_areas(&self) -> Option<[&'static str; 3]> {
        // 6.3 event 3: 1-2 Egypt, 3-4 Syria-Palestine, 5-6 the Anatolian staging area.
        Some([EGYPT, SYRIA_PALESTINE, ANATOLIA])
    }

    fn printed_area(&self, counter: &Counter) -> Option<&'static str> {
        match counter.setup {
            SetupCode::ReinfEgypt => Some(EGYPT),
            SetupCode::ReinfSp => Some(SYRIA_PALESTINE),
            _ => None,
        }
    }

    fn source_limits(&self, side: Side, name: &str, _enemy_naval_victory: bool) -> SourceLimits {
        // 12.6: lines to El Minya may not cross the Syria-Palestine border.
        SourceLimits { no_border_crossing: side == Side::Second && name.contains("Minya"), ..SourceLimits::default() }
    }

    fn port_supply(&self, side: Side, british: bool) -> PortSupply {
        // 12.6 names the Ottoman condition (British intervention); before it, and for the
        // French, ports give no supply of their own.
        if side == Side::Second && british {
            PortSupply::Every
        } else {
            PortSupply::None
        }
    }

    fn island_region(&self, _side: Side) -> Option<&'static str> {
        None
    }

    fn never_returns(&self, counter: &Counter) -> Option<&'static str> {
        is_mameluke_5_8(counter).then_some("8.7: the Mameluke 5-8 cavalry never come back into play")
    }

    fn recycling_modifiers(&self, counter: &Counter) -> Vec<(i32, &'static str)> {
        // 8.12: -1 for a French unit.
        if counter.nation == "french" {
            vec![(-1, "French unit")]
        } else {
            Vec::new()
        }
    }
}

impl LogisticsFacts for super::rsw::Rsw {
    fn entry_rule(
        &self,
        side: Side,
        _counter: &Counter,
        event: Option<&str>,
        facts: EntryFacts<'_>,
    ) -> Result<EntryRule, RuleError> {
        let own_box = self.side_id(side).to_string();
        if event == Some(RandomEvent::NorwegianFront.id()) {
            // 6.4 event 1: the unit goes into the Swedish off-map box.
            return Ok(EntryRule::Box { rule: "6.4", box_id: own_box });
        }
        match side {
            // 8.9: every Russian reinforcement enters the Russian box.
            Side::First => Ok(EntryRule::Box { rule: "8.9", box_id: own_box }),
            // 8.10: a friendly controlled and supplied town or city in Finland, or the box;
            // after a Russian naval victory, Gulf of Finland locales need an overland line.
            Side::Second => {
                let lost = facts.enemy_naval_victory;
                Ok(EntryRule::Towns {
                    rule: "8.10",
                    regions: strings(self.home_regions(side)),
                    boxes: vec![own_box],
                    gunboat_water: false,
                    overland_water: lost.then(|| GULF_OF_FINLAND.to_string()),
                })
            }
        }
    }

    fn draw_areas(&self) -> Option<[&'static str; 3]> {
        // RSW has no container draw (8.9, 8.10).
        None
    }

    fn infighting_areas(&self) -> Option<[&'static str; 3]> {
        // RSW's table has no infighting event (6.4).
        None
    }

    fn printed_area(&self, _counter: &Counter) -> Option<&'static str> {
        None
    }

    fn source_limits(&self, side: Side, name: &str, enemy_naval_victory: bool) -> SourceLimits {
        // 12.8: Sveaborg only across its channel hexside, and cut off from the outside after
        // a Russian naval victory.
        let sveaborg = side == Side::Second && name.contains("Sveaborg");
        SourceLimits {
            no_border_crossing: false,
            landward_entry_only: sveaborg,
            cut_from_outside: sveaborg && enemy_naval_victory,
        }
    }

    fn port_supply(&self, _side: Side, _british: bool) -> PortSupply {
        PortSupply::NavalWaters
    }

    fn island_region(&self, side: Side) -> Option<&'static str> {
        // 12.8: Swedish units in the Aland Isles while Marienhamm is Swedish.
        (side == Side::Second).then_some("Aland")
    }

    fn never_returns(&self, _counter: &Counter) -> Option<&'static str> {
        None
    }

    fn recycling_modifiers(&self, _counter: &Counter) -> Vec<(i32, &'static str)> {
        Vec::new()
    }
}
