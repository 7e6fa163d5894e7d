//! The state of a Duel game and its transitions.

use crate::command::{Bonus, Stance};
use crate::scenario::ScenarioData;
use grognard_engine::{Event, PlayerId, RuleError, Seats};
use serde::Serialize;
use serde_json::json;

/// One duellist (rule 1.1) and what it did this round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Duellist {
    /// The power id ("red").
    pub power: String,
    /// Full name ("Red Duellist").
    pub name: String,
    /// Short name used in events ("Red").
    pub short: String,
    /// The player who runs this duellist (rule 1.2).
    pub owner: PlayerId,
    pub hp: u64,
    /// This round's initiative roll; `None` before the roll and for a duellist that is out.
    pub initiative: Option<u32>,
    /// This round's stance; `None` before the stance step.
    pub stance: Option<Stance>,
    /// The bonus chosen this round (rule 6.1).
    pub bonus: Option<Bonus>,
}

impl Duellist {
    /// Not out (rule 1.4).
    pub fn is_living(&self) -> bool {
        self.hp > 0
    }
}

/// The step a round is in (rule 2.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Phase {
    /// Waiting for `initiative` (rule 3.1).
    Initiative,
    /// Waiting for the sealed stances (rule 4.1); `order` is the initiative order.
    Stance { order: Vec<usize> },
    /// Duellist `order[turn]` is to act (rule 5.1); it is always a living duellist.
    Action { order: Vec<usize>, turn: usize },
    /// The game has ended (rule 7.0).
    Over { result: String, winners: Vec<PlayerId> },
}

/// A Duel game's state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DuelState {
    pub(crate) scenario: String,
    pub(crate) start_hp: u64,
    pub(crate) rounds: u32,
    pub(crate) round: u32,
    pub(crate) players: usize,
    pub(crate) duellists: Vec<Duellist>,
    pub(crate) phase: Phase,
    /// Rule 8.0, in scenarios played with powder.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) powder: Option<crate::powder::Powder>,
}

impl DuelState {
    /// A new game of `scenario` with the given seating. Unlike `Duel::setup` this does not
    /// insist on one player per duellist, so a player may run several duellists.
    pub fn new(scenario: &ScenarioData, seats: &Seats) -> Result<DuelState, RuleError> {
        if seats.powers().len() != scenario.powers.len() {
            return Err(RuleError::new(
                "1.5",
                format!(
                    "the seating has {} powers but scenario '{}' has {} duellists",
                    seats.powers().len(),
                    scenario.id,
                    scenario.powers.len()
                ),
            ));
        }
        let mut duellists = Vec::with_capacity(scenario.powers.len());
        for p in &scenario.powers {
            let owner = seats.owner(&p.id).ok_or_else(|| {
                RuleError::new("1.5", format!("the seating has no player for duellist '{}' of the scenario", p.id))
            })?;
            duellists.push(Duellist {
                power: p.id.clone(),
                name: p.name.clone(),
                short: p.short.clone(),
                owner,
                hp: scenario.hp,
                initiative: None,
                stance: None,
                bonus: None,
            });
        }
        Ok(DuelState {
            scenario: scenario.id.clone(),
            start_hp: scenario.hp,
            rounds: scenario.rounds,
            round: 1,
            players: seats.player_count(),
            powder: scenario.powder.map(|g| crate::powder::Powder::new(duellists.len(), g)),
            duellists,
            phase: Phase::Initiative,
        })
    }

    pub fn scenario(&self) -> &str {
        &self.scenario
    }
    /// The current round, from 1.
    pub fn round(&self) -> u32 {
        self.round
    }
    /// The scenario's number of rounds.
    pub fn rounds(&self) -> u32 {
        self.rounds
    }
    pub fn start_hp(&self) -> u64 {
        self.start_hp
    }
    pub fn player_count(&self) -> usize {
        self.players
    }
    pub fn duellists(&self) -> &[Duellist] {
        &self.duellists
    }
    pub fn phase(&self) -> &Phase {
        &self.phase
    }
    /// The HP of duellist `d` (0 for a duellist the scenario does not have).
    pub fn hp(&self, d: usize) -> u64 {
        self.duellists.get(d).map_or(0, |x| x.hp)
    }
    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over { .. })
    }

    /// The numbers of the living duellists, in order.
    pub fn living(&self) -> Vec<usize> {
        (0..self.duellists.len()).filter(|&d| self.duellists[d].is_living()).collect()
    }

    /// The duellist whose turn it is in the action step.
    pub fn acting(&self) -> Option<usize> {
        match &self.phase {
            Phase::Action { order, turn } => order.get(*turn).copied(),
            _ => None,
        }
    }

    /// Must duellist `d` choose a bonus before acting (rule 6.1)?
    pub fn bonus_due(&self, d: usize) -> bool {
        self.duellists.get(d).is_some_and(|x| x.initiative == Some(6) && x.bonus.is_none())
    }

    /// The player who rolls initiative (rule 3.1).
    pub fn initiative_player(&self) -> Option<PlayerId> {
        self.duellists.iter().filter(|d| d.is_living()).map(|d| d.owner).min()
    }

    /// The players who choose a stance (rule 4.1), in player order.
    pub fn stance_players(&self) -> Vec<PlayerId> {
        let mut players: Vec<PlayerId> = self.duellists.iter().filter(|d| d.is_living()).map(|d| d.owner).collect();
        players.sort_unstable();
        players.dedup();
        players
    }

    /// The short name of duellist `d` ("Red").
    pub fn short(&self, d: usize) -> &str {
        self.duellists.get(d).map_or("?", |x| x.short.as_str())
    }

    /// Record the initiative rolls (`rolls[i]` for the i-th living duellist) and move to
    /// the stance step (rules 3.1 to 3.3).
    pub(crate) fn resolve_initiative(&mut self, rolls: &[(usize, u32)], events: &mut Vec<Event>) {
        for &(d, roll) in rolls {
            if let Some(x) = self.duellists.get_mut(d) {
                x.initiative = Some(roll);
            }
        }
        let mut order: Vec<(usize, u32)> = rolls.to_vec();
        // Highest roll first, equal rolls by duellist number (rule 3.2).
        order.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let order: Vec<usize> = order.into_iter().map(|(d, _)| d).collect();
        let listed: Vec<String> = rolls.iter().map(|&(d, r)| format!("{} rolls {r}", self.short(d))).collect();
        let ordered: Vec<&str> = order.iter().map(|&d| self.short(d)).collect();
        let sixes: Vec<usize> = rolls.iter().filter(|r| r.1 == 6).map(|r| r.0).collect();
        let mut text = format!("Round {} initiative: {}; order {}", self.round, listed.join(", "), ordered.join(", "));
        for &d in &sixes {
            text.push_str(&format!("; {} earns a bonus", self.short(d)));
        }
        events.push(Event::new(
            text,
            json!({
                "event": "initiative",
                "round": self.round,
                "rolls": rolls.iter().map(|&(d, r)| json!({"duellist": d, "roll": r})).collect::<Vec<_>>(),
                "order": order,
                "bonus": sixes,
            }),
        ));
        self.phase = Phase::Stance { order };
    }

    /// Give every living duellist its player's stance (rule 4.2), reveal the stances
    /// together (rule 4.1), resolve the clash with its die `clash` when every living
    /// duellist lunges (rule 4.4), and start the action step.
    pub(crate) fn resolve_stances(
        &mut self,
        chosen: &[(PlayerId, Stance)],
        clash: Option<u32>,
        events: &mut Vec<Event>,
    ) {
        let order = match &self.phase {
            Phase::Stance { order } => order.clone(),
            _ => return,
        };
        for x in self.duellists.iter_mut().filter(|x| x.is_living()) {
            x.stance = chosen.iter().find(|(p, _)| *p == x.owner).map(|(_, s)| *s);
        }
        let mut parts = Vec::new();
        let mut data = Vec::new();
        for (d, x) in self.duellists.iter().enumerate() {
            if let Some(s) = x.stance {
                parts.push(format!("{} {}s", x.short, s.word()));
                data.push(json!({"duellist": d, "stance": s}));
            }
        }
        events.push(Event::new(
            format!("Round {} stances: {}", self.round, parts.join(", ")),
            json!({"event": "stances", "round": self.round, "stances": data}),
        ));
        if let Some(roll) = clash {
            self.clash(roll, events);
        }
        self.phase = Phase::Action { order, turn: 0 };
        self.settle(events);
    }

    /// The clash of rule 4.4, with its die `roll`: on a 1 or 2 every lunging duellist
    /// loses 1 HP, and those brought to 0 HP are out (rule 1.4).
    fn clash(&mut self, roll: u32, events: &mut Vec<Event>) {
        let hurt = roll <= 2;
        let clashing: Vec<usize> = (0..self.duellists.len())
            .filter(|&d| self.duellists[d].is_living() && self.duellists[d].stance == Some(Stance::Lunge))
            .collect();
        if hurt {
            for &d in &clashing {
                let x = &mut self.duellists[d];
                x.hp = x.hp.saturating_sub(1);
            }
        }
        let names: Vec<&str> = clashing.iter().map(|&d| self.short(d)).collect();
        let text = if hurt {
            let hp: Vec<String> = clashing.iter().map(|&d| format!("{} {} HP", self.short(d), self.hp(d))).collect();
            format!("Clash: {} all lunge; rolls {roll}: each loses 1 HP ({})", names.join(", "), hp.join(", "))
        } else {
            format!("Clash: {} all lunge; rolls {roll}: no harm", names.join(", "))
        };
        let hp: Vec<u64> = clashing.iter().map(|&d| self.hp(d)).collect();
        events.push(Event::new(
            text,
            json!({"event": "clash", "round": self.round, "roll": roll, "hurt": hurt, "duellists": clashing,
                   "hp": hp}),
        ));
        for &d in clashing.iter().filter(|&&d| hurt && self.hp(d) == 0) {
            events.push(Event::new(
                format!("{} is out", self.short(d)),
                json!({"event": "out", "round": self.round, "duellist": d}),
            ));
        }
    }

    /// Duellist `d` fires at `target` with the die `roll` and a charge of `charge` grains
    /// (rules 5.4, 8.4).
    pub(crate) fn resolve_fire(&mut self, d: usize, target: usize, roll: u32, charge: u32, events: &mut Vec<Event>) {
        let (Some(a), Some(t)) = (self.duellists.get(d), self.duellists.get(target)) else { return };
        let lunge = a.stance == Some(Stance::Lunge);
        let sharpen = a.bonus == Some(Bonus::Sharpen);
        let mut total = u64::from(roll) + u64::from(lunge) + u64::from(sharpen) + u64::from(charge);
        let mut text = format!("{} fires at {}: rolls {roll}", a.short, t.short);
        if lunge {
            text.push_str(", +1 lunge");
        }
        if sharpen {
            text.push_str(", +1 sharpened");
        }
        if charge > 0 {
            text.push_str(&format!(", +{charge} charge"));
        }
        match t.stance {
            Some(Stance::Guard) => {
                total /= 2;
                text.push_str(&format!(", {} guards (halved)", t.short));
            }
            Some(Stance::Lunge) => {
                total += 1;
                text.push_str(&format!(", {} lunges (+1)", t.short));
            }
            None => {}
        }
        let hp = t.hp.saturating_sub(total);
        text.push_str(&format!(": {total} damage ({} {hp} HP)", t.short));
        let mut data = json!({
            "event": "fire",
            "round": self.round,
            "attacker": d,
            "target": target,
            "roll": roll,
            "lunge": lunge,
            "sharpened": sharpen,
            "target_stance": t.stance,
            "damage": total,
            "hp": hp,
        });
        if charge > 0 {
            data["charge"] = json!(charge);
        }
        let target_short = t.short.clone();
        events.push(Event::new(text, data));
        if let Some(t) = self.duellists.get_mut(target) {
            t.hp = hp;
        }
        if hp == 0 {
            events.push(Event::new(
                format!("{target_short} is out"),
                json!({"event": "out", "round": self.round, "duellist": target}),
            ));
        }
        self.next_turn(events);
    }

    /// Duellist `d` rests (rule 5.5).
    pub(crate) fn resolve_rest(&mut self, d: usize, events: &mut Vec<Event>) {
        let start = self.start_hp;
        let round = self.round;
        if let Some(x) = self.duellists.get_mut(d) {
            let before = x.hp;
            x.hp = x.hp.saturating_add(1).min(start);
            let gained = x.hp - before;
            let text = if gained == 0 {
                format!("{} rests at full HP ({} {} HP)", x.short, x.short, x.hp)
            } else {
                format!("{} rests: +{gained} HP ({} {} HP)", x.short, x.short, x.hp)
            };
            events.push(Event::new(
                text,
                json!({"event": "rest", "round": round, "duellist": d, "gained": gained, "hp": x.hp}),
            ));
        }
        self.next_turn(events);
    }

    /// Duellist `d` takes its bonus (rules 6.2, 6.3); it still has to act.
    pub(crate) fn resolve_bonus(&mut self, d: usize, bonus: Bonus, events: &mut Vec<Event>) {
        let start = self.start_hp;
        let round = self.round;
        if let Some(x) = self.duellists.get_mut(d) {
            x.bonus = Some(bonus);
            let before = x.hp;
            let text = match bonus {
                Bonus::Sharpen => format!("{} sharpens: +1 damage on this round's fire", x.short),
                Bonus::Bandage => {
                    x.hp = x.hp.saturating_add(2).min(start);
                    format!("{} bandages: +{} HP ({} {} HP)", x.short, x.hp - before, x.short, x.hp)
                }
            };
            events.push(Event::new(
                text,
                json!({"event": "bonus", "round": round, "duellist": d, "bonus": bonus, "gained": x.hp - before,
                       "hp": x.hp}),
            ));
        }
    }

    /// After a duellist's action: end the game, pass the turn or end the round.
    pub(crate) fn next_turn(&mut self, events: &mut Vec<Event>) {
        if let Phase::Action { turn, .. } = &mut self.phase {
            *turn += 1;
        }
        self.settle(events);
    }

    /// Skip duellists put out before their turn (rule 5.1), end the game when one is left
    /// (rule 7.1) and end the round after the last action (rule 7.2).
    fn settle(&mut self, events: &mut Vec<Event>) {
        let living = self.living();
        if living.len() <= 1 {
            self.finish_last_standing(&living, events);
            return;
        }
        let Phase::Action { order, turn } = &mut self.phase else { return };
        while order.get(*turn).is_some_and(|&d| !self.duellists.get(d).is_some_and(Duellist::is_living)) {
            *turn += 1;
        }
        if *turn < order.len() {
            return;
        }
        if self.round >= self.rounds {
            self.finish_on_hp(events);
            return;
        }
        self.round += 1;
        for x in &mut self.duellists {
            x.initiative = None;
            x.stance = None;
            x.bonus = None;
        }
        self.phase = Phase::Initiative;
        events.push(Event::new(format!("Round {} begins", self.round), json!({"event": "round", "round": self.round})));
    }

    fn owners(&self, ds: &[usize]) -> Vec<PlayerId> {
        let mut players: Vec<PlayerId> = ds.iter().filter_map(|&d| self.duellists.get(d)).map(|x| x.owner).collect();
        players.sort_unstable();
        players.dedup();
        players
    }

    fn finish_last_standing(&mut self, living: &[usize], events: &mut Vec<Event>) {
        let result = match living {
            [d] => format!(
                "{} wins in round {}: the last duellist standing, with {} HP",
                self.duellists[*d].name, self.round, self.duellists[*d].hp
            ),
            _ => format!("No duellist is left standing after round {}", self.round),
        };
        self.finish(result, living, "last_standing", events);
    }

    fn finish_on_hp(&mut self, events: &mut Vec<Event>) {
        let best = self.duellists.iter().map(|x| x.hp).max().unwrap_or(0);
        let top: Vec<usize> = (0..self.duellists.len()).filter(|&d| self.duellists[d].hp == best).collect();
        let names: Vec<&str> = top.iter().map(|&d| self.duellists[d].name.as_str()).collect();
        let result = if top.len() == 1 {
            format!("{} wins on HP after {} rounds, with {best} HP", names.join(""), self.rounds)
        } else {
            format!("Draw after {} rounds: {} share the most HP ({best})", self.rounds, names.join(" and "))
        };
        self.finish(result, &top, "time", events);
    }

    fn finish(&mut self, result: String, top: &[usize], how: &str, events: &mut Vec<Event>) {
        let winners = self.owners(top);
        events.push(Event::new(
            format!("Game over: {result}"),
            json!({"event": "over", "round": self.round, "how": how, "duellists": top, "winners": winners}),
        ));
        self.phase = Phase::Over { result, winners };
    }
}
