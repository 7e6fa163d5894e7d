//! Standing orders: a player's answers, given in advance, to the decisions an opponent's
//! actions will ask of them (losses 11.21, retreats 11.22, advances 11.25, over-stack
//! removals 7.4, units given back or recycled 8.5, 6.3, 6.4).
//!
//! A player's own standing orders stay on their machine; their client applies them when it
//! imports the packet that raises a decision, and signs the answer as an ordinary command.
//! The attacker's orders inside a `batch` of attacks are part of that signed command and
//! answer the attacker's own decisions while the batch runs (11.3, see `combat::batch`).
//!
//! The text, one order per line (or separated by `;`), `#` starts a comment:
//!
//! ```text
//! losses cheapest keep fr-g-alex,fr-st   # 11.21: fewest factors; never these units
//! retreat toward Cairo                   # 11.22: end as near as possible (a hex or a place)
//! advance all                            # 11.25: all | none
//! remove cheapest keep fr-1-1            # 8.5, 6.3, 6.4: own units given back or recycled
//! overstack strongest                    # 7.4: enemy units you remove: strongest | cheapest
//! place nearest Cairo                     # 8.3, 8.8: units an event brings, nearest this
//! then end                               # in a batch only: end the combat phase after it
//! ```
//!
//! This module is the orders' model (text, parsing, checks); `standing` answers decisions by
//! them.
//!
//! Every answer is picked among the legal answers the rules list (the same lists as
//! `legal_commands`), by a stated order with a deterministic tie-break (fewer units, then
//! unit ids); an order that no legal answer satisfies (every choice loses a kept unit)
//! answers nothing, and the decision waits for the player.

use crate::ids::UnitId;
use grognard_board::HexId;
use grognard_engine::RuleError;
use serde::{Deserialize, Serialize};

/// What the orders' text names, looked up in the game in play: units by id, hexes by the
/// names of places.
pub trait Names {
    /// Is there a unit with this id?
    fn has_unit(&self, id: &str) -> bool;
    /// The hex of the place with this name (case aside).
    fn hex_named(&self, name: &str) -> Option<HexId>;
}

/// Units a player gives up first: the fewest printed factors, never the kept ones.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cheapest {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keep: Vec<UnitId>,
}

/// Which enemy units to remove from an over-stacked hex (7.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pick {
    Strongest,
    Cheapest,
}

/// Whether to advance after combat (11.25).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AdvanceOrder {
    /// With as many surviving attackers as may go (the largest legal answer).
    All,
    /// Stay.
    None,
}

/// A player's standing orders.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Orders {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub losses: Option<Cheapest>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retreat: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub advance: Option<AdvanceOrder>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remove: Option<Cheapest>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overstack: Option<Pick>,
    /// 8.3, 8.8: where to place the units an event brings: the legal place nearest this
    /// hex or place (a box only when no hex is open).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<String>,
    /// In a batch of attacks only: end the combat phase once the batch is resolved (the
    /// attacker declares nothing more this phase).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub then_end: bool,
}

fn input(message: impl Into<String>) -> RuleError {
    RuleError::new("input", message)
}

fn unit_list(words: &[&str], order: &str) -> Result<Vec<UnitId>, RuleError> {
    match words {
        [] => Ok(Vec::new()),
        ["keep", list @ ..] if !list.is_empty() => {
            Ok(list.join(",").split(',').map(str::trim).filter(|u| !u.is_empty()).map(str::to_string).collect())
        }
        _ => Err(input(format!("`{order}`: after `cheapest` only `keep UNIT,UNIT...` may follow"))),
    }
}

impl Orders {
    /// Read standing orders (see the module doc).
    pub fn parse(text: &str) -> Result<Orders, RuleError> {
        let mut orders = Orders::default();
        for line in text.lines() {
            let line = line.split('#').next().unwrap_or("");
            for order in line.split(';').map(str::trim).filter(|o| !o.is_empty()) {
                let words: Vec<&str> = order.split_whitespace().collect();
                let Some((key, rest)) = words.split_first() else { continue };
                let key = key.trim_end_matches(':').to_ascii_lowercase();
                let rest: Vec<&str> = rest.iter().map(|w| w.trim_end_matches(',')).filter(|w| !w.is_empty()).collect();
                let twice = |set: bool| {
                    if set {
                        Err(input(format!("`{key}` is ordered twice")))
                    } else {
                        Ok(())
                    }
                };
                match (key.as_str(), rest.as_slice()) {
                    ("losses", ["cheapest", more @ ..]) => {
                        twice(orders.losses.is_some())?;
                        orders.losses = Some(Cheapest { keep: unit_list(more, order)? });
                    }
                    ("remove", ["cheapest", more @ ..]) => {
                        twice(orders.remove.is_some())?;
                        orders.remove = Some(Cheapest { keep: unit_list(more, order)? });
                    }
                    ("retreat", ["toward", place @ ..]) if !place.is_empty() => {
                        twice(orders.retreat.is_some())?;
                        orders.retreat = Some(place.join(" "));
                    }
                    ("advance", [which]) => {
                        twice(orders.advance.is_some())?;
                        orders.advance = Some(match which.to_ascii_lowercase().as_str() {
                            "all" => AdvanceOrder::All,
                            "none" => AdvanceOrder::None,
                            _ => return Err(input(format!("`{order}`: advance `all` or `none`"))),
                        });
                    }
                    ("place", ["nearest", place @ ..]) if !place.is_empty() => {
                        twice(orders.place.is_some())?;
                        orders.place = Some(place.join(" "));
                    }
                    ("then", ["end"]) => {
                        twice(orders.then_end)?;
                        orders.then_end = true;
                    }
                    ("overstack", [which]) => {
                        twice(orders.overstack.is_some())?;
                        orders.overstack = Some(match which.to_ascii_lowercase().as_str() {
                            "strongest" => Pick::Strongest,
                            "cheapest" => Pick::Cheapest,
                            _ => return Err(input(format!("`{order}`: overstack `strongest` or `cheapest`"))),
                        });
                    }
                    _ => {
                        return Err(input(format!(
                            "`{order}` is not a standing order; orders are `losses cheapest [keep UNITS]`, \
                             `retreat toward HEX|PLACE`, `advance all|none`, `remove cheapest [keep UNITS]`, \
                             `overstack strongest|cheapest`, `place nearest HEX|PLACE`, and in a batch `then end`"
                        )))
                    }
                }
            }
        }
        Ok(orders)
    }

    /// Check the orders against a game: kept units exist, the retreat target is a hex or a
    /// place of the map.
    pub fn check(&self, names: &dyn Names) -> Result<(), RuleError> {
        for keep in self.losses.iter().chain(self.remove.iter()) {
            if let Some(u) = keep.keep.iter().find(|u| !names.has_unit(u)) {
                return Err(input(format!("standing orders: there is no unit `{u}` in this game")));
            }
        }
        for place in self.retreat.iter().chain(self.place.iter()) {
            target(names, place)?;
        }
        Ok(())
    }

    /// The text form [`Orders::parse`] reads, one order per `;`.
    pub fn text(&self) -> String {
        let mut parts = Vec::new();
        if let Some(c) = &self.losses {
            parts.push(format!("losses cheapest{}", keep_text(&c.keep)));
        }
        if let Some(p) = &self.retreat {
            parts.push(format!("retreat toward {p}"));
        }
        if let Some(a) = self.advance {
            parts.push(format!("advance {}", if a == AdvanceOrder::All { "all" } else { "none" }));
        }
        if let Some(c) = &self.remove {
            parts.push(format!("remove cheapest{}", keep_text(&c.keep)));
        }
        if let Some(p) = self.overstack {
            parts.push(format!("overstack {}", if p == Pick::Strongest { "strongest" } else { "cheapest" }));
        }
        if let Some(p) = &self.place {
            parts.push(format!("place nearest {p}"));
        }
        if self.then_end {
            parts.push("then end".into());
        }
        parts.join("; ")
    }

    pub fn is_empty(&self) -> bool {
        *self == Orders::default()
    }
}

/// The hex a retreat order names: `HHHH` or the name of a place on the map.
pub fn target(names: &dyn Names, place: &str) -> Result<HexId, RuleError> {
    if place.len() == 4 && place.chars().all(|c| c.is_ascii_digit()) {
        return HexId::parse(place).map_err(input);
    }
    names
        .hex_named(place)
        .ok_or_else(|| input(format!("standing orders: `retreat toward {place}`: no hex or place of that name")))
}

pub(crate) fn keep_text(keep: &[UnitId]) -> String {
    if keep.is_empty() {
        String::new()
    } else {
        format!(" keep {}", keep.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_text_round_trips() {
        let text = "losses: cheapest keep fr-g, fr-st  # never the garrison\nretreat toward El Rahmaniya\n\
                    advance all; remove cheapest; overstack strongest; place nearest 1833";
        let orders = Orders::parse(text).unwrap();
        assert_eq!(orders.losses.as_ref().unwrap().keep, vec!["fr-g".to_string(), "fr-st".to_string()]);
        assert_eq!(orders.retreat.as_deref(), Some("El Rahmaniya"));
        assert_eq!(Orders::parse(&orders.text()).unwrap(), orders);
    }

    #[test]
    fn orders_refuse_unknown_and_repeated_orders() {
        assert!(Orders::parse("attack everything").is_err());
        assert!(Orders::parse("advance sometimes").is_err());
        assert!(Orders::parse("advance all\nadvance none").is_err());
        assert!(Orders::parse("losses cheapest but not these").is_err());
        assert!(Orders::parse("# nothing\n\n").unwrap().is_empty());
    }
}
