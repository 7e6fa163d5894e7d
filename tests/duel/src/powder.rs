//! Rule 8.0, concealed powder: charges primed in secret, opened when fired (8.4) or at the
//! end of the game (8.5). A Duel state is one replay's knowledge: a charge another player
//! primed is known only once it is opened (its grains are `None` until then).

use crate::state::DuelState;
use grognard_engine::{Event, PlayerId, Viewer};
use serde::Serialize;
use serde_json::json;

/// A duellist's powder (rule 8.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Pouch {
    /// Grains left; `None` when this replay does not know them (a concealed charge was
    /// taken from them).
    pub grains: Option<u32>,
    /// The charge the duellist holds (rule 8.3: at most one).
    pub charge: Option<Charge>,
}

/// A primed charge (rule 8.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Charge {
    /// The index of the `prime` among its player's concealed commands: what is opened.
    pub index: u32,
    /// Its grains; `None` while it is concealed from this replay.
    pub grains: Option<u32>,
    /// It is opened in the journal: every player knows it.
    pub open: bool,
}

/// A fire with a charge, waiting for the charge to be opened (rule 8.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Firing {
    pub actor: usize,
    pub target: usize,
}

/// Rule 8.0's part of a state, in scenarios played with powder.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Powder {
    pub pouches: Vec<Pouch>,
    pub firing: Option<Firing>,
}

/// The most grains one charge may hold (rule 8.2).
pub const MAX_CHARGE: u32 = 3;

impl Powder {
    /// Every duellist with `grains` (rule 8.1).
    pub fn new(duellists: usize, grains: u32) -> Powder {
        Powder { pouches: vec![Pouch { grains: Some(grains), charge: None }; duellists], firing: None }
    }
}

impl DuelState {
    pub fn powder(&self) -> Option<&Powder> {
        self.powder.as_ref()
    }

    /// The charge duellist `d` holds.
    pub fn charge(&self, d: usize) -> Option<&Charge> {
        self.powder.as_ref()?.pouches.get(d)?.charge.as_ref()
    }

    /// The fire waiting for its charge to be opened (rule 8.4).
    pub fn firing(&self) -> Option<Firing> {
        self.powder.as_ref()?.firing
    }

    /// Duellist `d` primes a charge, the `index`-th concealed command of its player; its
    /// grains when this replay knows them (rule 8.2).
    pub(crate) fn prime(&mut self, d: usize, index: u32, grains: Option<u32>, open: bool, events: &mut Vec<Event>) {
        let round = self.round;
        let short = self.short(d).to_string();
        let Some(pouch) = self.powder.as_mut().and_then(|p| p.pouches.get_mut(d)) else { return };
        pouch.grains = match (pouch.grains, grains) {
            (Some(left), Some(g)) => Some(left.saturating_sub(g)),
            _ => None,
        };
        pouch.charge = Some(Charge { index, grains, open });
        let text = match grains {
            Some(g) => format!("{short} primes a charge of {g} grain{} (concealed)", if g == 1 { "" } else { "s" }),
            None => format!("{short} primes a charge (concealed)"),
        };
        let mut data = json!({"event": "prime", "round": round, "duellist": d});
        if let Some(g) = grains {
            data["grains"] = json!(g);
        }
        events.push(Event::new(text, data));
        self.next_turn(events);
    }

    /// Duellist `actor` fires at `target` with its charge: the fire waits for the charge to
    /// be opened (rule 8.4).
    pub(crate) fn fire_charged(&mut self, actor: usize, target: usize, events: &mut Vec<Event>) {
        let text = format!(
            "{} fires at {} with a primed charge: the charge is opened before the roll (rule 8.4)",
            self.short(actor),
            self.short(target)
        );
        events.push(Event::new(
            text,
            json!({"event": "fire_charged", "round": self.round, "attacker": actor, "target": target}),
        ));
        if let Some(p) = self.powder.as_mut() {
            p.firing = Some(Firing { actor, target });
        }
    }

    /// The charge of a fire is open: take it out of the firer's hands (rule 8.4).
    pub(crate) fn spend_charge(&mut self, actor: usize) -> Option<u32> {
        let p = self.powder.as_mut()?;
        p.firing = None;
        p.pouches.get_mut(actor)?.charge.take()?.grains
    }

    /// The owner of the duellist whose charge a fire waits for.
    pub fn firing_player(&self) -> Option<PlayerId> {
        let f = self.firing()?;
        Some(self.duellists.get(f.actor)?.owner)
    }

    /// What `viewer` may know: another player's concealed charge, and so the grains left
    /// in their pouch, are taken out (rule 8.2).
    pub(crate) fn hide_from(&mut self, viewer: Viewer) {
        let owners: Vec<PlayerId> = self.duellists.iter().map(|d| d.owner).collect();
        let Some(p) = self.powder.as_mut() else { return };
        for (d, pouch) in p.pouches.iter_mut().enumerate() {
            let own = matches!(viewer, Viewer::Player(v) if owners.get(d) == Some(&v));
            if let (false, Some(charge)) = (own, pouch.charge.as_mut().filter(|c| !c.open)) {
                charge.grains = None;
                pouch.grains = None;
            }
        }
    }

    /// The powder part of the summary line of duellist `d`.
    pub(crate) fn powder_text(&self, d: usize) -> Option<String> {
        let pouch = self.powder.as_ref()?.pouches.get(d)?;
        let left = pouch.grains.map_or("? grains".to_string(), |g| format!("{g} grains"));
        Some(match &pouch.charge {
            None => format!("powder {left}"),
            Some(Charge { grains: Some(g), .. }) => format!("powder {left}, a charge of {g} primed"),
            Some(Charge { grains: None, .. }) => format!("powder {left}, a concealed charge primed"),
        })
    }
}
