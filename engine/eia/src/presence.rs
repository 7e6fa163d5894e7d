//! Who stands where: the questions the movement, supply and combat rules ask of the state
//! (unbesieged enemy corps in an area, friendly forces, blocked areas, territory).

use crate::ctx::Ctx;
use crate::power::Power;
use crate::state::State;

impl State {
    /// The nation controlling land area `area`: the occupier if the area is occupied or ceded,
    /// else the nation the map gives it.
    pub fn area_controller<'a>(&'a self, ctx: &'a Ctx, area: &str) -> Option<&'a str> {
        if let Some(n) = self.occupied.get(area) {
            return Some(n.as_str());
        }
        ctx.map.area(area).map(|a| a.nation.as_str())
    }

    /// Is `area` in `power`'s territory: controlled by the power or by a minor it controls
    /// (7.4.1.2.5, 7.2.1)?
    pub fn in_territory(&self, ctx: &Ctx, power: Power, area: &str) -> bool {
        self.area_controller(ctx, area).and_then(|n| self.controller_of_nation(n)) == Some(power)
    }

    /// Is the city of `area` besieged (7.5.4)?
    pub fn besieged(&self, area: &str) -> bool {
        self.sieges.contains(area)
    }

    /// The forces of the enemies of `power` in the field of `area` that a battle may fight
    /// (7.5.1.2): corps, cossacks and freikorps, by id; never guerrillas, which are not attacked
    /// (7.5.1, R10.1.1.3).
    pub fn enemy_field_corps<'a>(&'a self, power: Power, area: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.corps
            .iter()
            .filter(move |(_, c)| {
                c.area == area
                    && !c.in_city
                    && c.aboard.is_none()
                    && self.enemy_of(power, c.side())
                    && c.irregular() != Some(crate::FactorKind::Guerrilla)
            })
            .map(|(id, _)| id.as_str())
    }

    /// Does `area` hold an unbesieged enemy corps of `power` (7.3.1.3.2, 7.3.2.1)? Corps in
    /// the field are never besieged; corps in a besieged city are not counted. Irregular
    /// counters are not corps (7.3.2.1: an area holding only them does not stop a corps).
    pub fn has_unbesieged_enemy_corps(&self, power: Power, area: &str) -> bool {
        self.corps.values().any(|c| {
            c.area == area
                && c.proper()
                && c.aboard.is_none()
                && self.enemy_of(power, c.side())
                && !(c.in_city && self.besieged(area))
        })
    }

    /// Does `area` hold unbesieged enemy cossacks, freikorps or guerrillas of `power` (10.1:
    /// they bar depots, 7.2, and block supply chains, 7.2.3.2.1)?
    pub fn has_unbesieged_enemy_irregulars(&self, power: Power, area: &str) -> bool {
        self.corps.values().any(|c| {
            c.area == area
                && c.irregular().is_some()
                && self.enemy_of(power, c.side())
                && !(c.in_city && self.besieged(area))
        })
    }

    /// Does `area` hold an unbesieged corps or garrison friendly to `power` (7.2.3.2.1)?
    pub fn has_friendly_force(&self, power: Power, area: &str) -> bool {
        let corps = self.corps.values().any(|c| {
            c.area == area
                && c.proper()
                && c.aboard.is_none()
                && self.friendly_to(power, c.side())
                && !(c.in_city && self.besieged(area))
        });
        let garrison = self
            .garrisons
            .get(area)
            .is_some_and(|g| self.friendly_to(power, &g.nation) && !self.besieged(area) && !g.factors.is_empty());
        corps || garrison
    }

    /// Is `area` blocked for `power`'s supply (7.2.3.2.1): unbesieged enemy corps, garrisons
    /// (or depot garrisons), guerrillas, cossacks or freikorps there, and no unbesieged
    /// friendly corps or garrison?
    pub fn blocks_supply(&self, power: Power, area: &str) -> bool {
        let enemy_garrison = self
            .garrisons
            .get(area)
            .is_some_and(|g| self.enemy_of(power, &g.nation) && !self.besieged(area) && !g.factors.is_empty());
        let enemy_depot_garrison =
            self.depots.get(area).is_some_and(|d| self.enemy_of(power, d.power.id()) && !d.garrison.is_empty());
        (self.has_unbesieged_enemy_corps(power, area)
            || self.has_unbesieged_enemy_irregulars(power, area)
            || enemy_garrison
            || enemy_depot_garrison)
            && !self.has_friendly_force(power, area)
    }

    /// Does an enemy fleet of `power` occupy sea zone `sea` (7.3.1.3.3, 7.2.3.2.2)?
    pub fn enemy_fleet_at_sea(&self, power: Power, sea: &str) -> bool {
        self.fleets.values().any(|f| {
            matches!(&f.place, crate::state::FleetPlace::Sea(s) if s == sea) && self.enemy_of(power, &f.nation)
        })
    }
}
