//! A table of players for tests: each player has a secret key and a game directory of
//! their own, and they play only by exchanging packets, exactly as `grognard` does.

pub mod copies;
pub mod eia;
pub mod eia_script;
pub mod fnc;
pub mod selfplay;

use grognard_engine::{AnyRuleset, PlayerId, Setup};
use grognard_journal::create::{self, NewGame};
use grognard_journal::entry::{DiceConfig, DiceMode, PlayerInfo, Witnesses};
use grognard_journal::game::{Game, GameError, ImportReport};
use grognard_journal::keys::SecretKey;
use grognard_journal::local;
use grognard_journal::packet::Packet;
use grognard_journal::replay::Owed;
use std::path::PathBuf;

static DUEL: grognard_duel::Duel = grognard_duel::Duel;

pub fn rulesets() -> Vec<&'static dyn AnyRuleset> {
    vec![&DUEL]
}

pub fn duel() -> &'static dyn AnyRuleset {
    &DUEL
}

pub struct Seat {
    pub key: SecretKey,
    pub dir: PathBuf,
    pub me: PlayerId,
}

pub struct Table {
    pub tmp: tempfile::TempDir,
    pub seats: Vec<Seat>,
    /// The rulesets the players' clients know.
    pub rulesets: Vec<&'static dyn AnyRuleset>,
    /// Open each copy as its player's client does (`Table::as_clients`): with the feed mark
    /// of its holder's key, so that the client's own rules on import apply.
    pub clients: bool,
}

/// A small deterministic generator for picking moves (no OS randomness in tests).
pub struct Lcg(pub u64);

impl Lcg {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }

    /// 32 bytes for a player's private draw (`Ruleset::private_draw`).
    pub fn entropy(&mut self) -> [u8; 32] {
        let mut bytes = [0u8; 32];
        for b in &mut bytes {
            *b = self.below(256) as u8;
        }
        bytes
    }
}

pub fn dice(mode: DiceMode, faces: Vec<u32>) -> DiceConfig {
    DiceConfig { mode, witnesses: Witnesses::Opponents, faces }
}

impl Table {
    /// Create a game of the duel's `scenario` for `players` players; every player joins
    /// and every join reaches everyone.
    pub fn new(scenario: &str, players: usize, dice: DiceConfig) -> Table {
        Table::with_chain(scenario, players, dice, 64)
    }

    pub fn with_chain(scenario: &str, players: usize, dice: DiceConfig, chain_length: u32) -> Table {
        Table::of_version(scenario, players, dice, chain_length, grognard_journal::entry::ENTRY_VERSION)
    }

    /// A table whose game is of protocol `version` (1 to show what older games allowed).
    pub fn of_version(scenario: &str, players: usize, dice: DiceConfig, chain_length: u32, version: u32) -> Table {
        Table::of_game(duel(), Setup::scenario(scenario), players, dice, chain_length, version)
    }

    /// A game of `ruleset` from `setup` for `players` players, of protocol `version`; every
    /// player joins and every join reaches everyone.
    pub fn of_game(
        ruleset: &'static dyn AnyRuleset,
        setup: Setup,
        players: usize,
        dice: DiceConfig,
        chain_length: u32,
        version: u32,
    ) -> Table {
        let tmp = tempfile::tempdir().expect("temp dir");
        let keys: Vec<SecretKey> = (0..players).map(|i| SecretKey::from_seed(&[i as u8 + 1; 32])).collect();
        let powers: Vec<String> = ruleset
            .scenario_of(&setup)
            .map(|s| s.powers.into_iter().map(|p| p.id).collect())
            .expect("a scenario of the ruleset");
        let infos = keys
            .iter()
            .enumerate()
            .map(|(i, k)| PlayerInfo {
                name: format!("Player{i}"),
                email: format!("p{i}@example.org"),
                key: k.public().to_hex(),
                // Dealt out in scenario order: player i runs powers i, i + players, ...
                powers: powers.iter().skip(i).step_by(players).cloned().collect(),
            })
            .collect();
        let new = NewGame { ruleset, setup, players: infos, creator: 0, dice, chain_length };
        let rulesets = vec![ruleset];
        let dir0 = tmp.path().join("p0");
        let (_, invitation) =
            create::create_of_version(&dir0, &rulesets, &new, &keys[0], version).expect("create the game");
        let mut seats = vec![Seat { key: SecretKey::from_seed(keys[0].seed()), dir: dir0, me: PlayerId(0) }];
        for (i, key) in keys.iter().enumerate().skip(1) {
            let dir = tmp.path().join(format!("p{i}"));
            create::join(&dir, &rulesets, &invitation, key).expect("join");
            seats.push(Seat { key: SecretKey::from_seed(key.seed()), dir, me: PlayerId(i as u8) });
        }
        let table = Table { tmp, seats, rulesets, clients: false };
        for i in 1..players {
            table.exchange(i);
        }
        table
    }

    pub fn open(&self, i: usize) -> Game<'static> {
        let mut game = Game::open(&self.seats[i].dir, &self.rulesets).expect("the local journal opens and verifies");
        if self.clients {
            let seat = &self.seats[i];
            let name = seat.key.public().to_hex();
            let mark = grognard_journal::mark::FeedMark::at(&self.tmp.path().join("marks").join(name));
            game.set_mark(mark, seat.me);
        }
        game
    }

    /// This table with each copy opened as its player's client opens it (`clients`).
    pub fn as_clients(mut self) -> Table {
        self.clients = true;
        self
    }

    pub fn journal_path(&self, i: usize) -> PathBuf {
        self.seats[i].dir.join("journal")
    }

    pub fn journal_bytes(&self, i: usize) -> Vec<u8> {
        std::fs::read(self.journal_path(i)).expect("journal file")
    }

    /// Player `i` signs what is staged and owed, and makes a packet.
    pub fn send(&self, i: usize) -> Packet {
        self.send_from(&mut self.open(i), i)
    }

    pub fn deliver(&self, packet: &Packet, to: usize) -> Result<ImportReport, GameError> {
        self.open(to).import(packet)
    }

    /// Player `i` sends and every other player imports the packet.
    pub fn exchange(&self, i: usize) {
        let packet = self.send(i);
        for j in 0..self.seats.len() {
            if j != i {
                self.deliver(&packet, j).expect("an honest packet is accepted");
            }
        }
    }

    /// Player `i` plays a legal command picked by `pick` (commands as text). Returns false if
    /// the player has no decision to make.
    pub fn decide(&self, i: usize, pick: &mut dyn FnMut(&[String]) -> usize) -> bool {
        self.decide_on(&mut self.open(i), i, pick)
    }

    /// [`Table::decide`] on player `i`'s copy `game`, already open (a schedule that keeps the
    /// copies open saves reading and verifying the whole journal again for every step).
    pub fn decide_on(&self, game: &mut Game<'static>, i: usize, pick: &mut dyn FnMut(&[String]) -> usize) -> bool {
        let seat = &self.seats[i];
        let owes =
            game.replay.owed().iter().any(|(p, o)| *p == seat.me && matches!(o, Owed::Decide(_) | Owed::Seal { .. }));
        let staged = local::staged(game).expect("staged");
        let (state, _) = local::preview(game, seat.me, &staged).expect("preview");
        let ruleset = game.replay.ruleset;
        let pending = ruleset.pending(&state);
        let continuing = pending.players().contains(&seat.me) && !staged.commands.is_empty();
        if !owes && !continuing {
            return false;
        }
        let legal: Vec<String> =
            ruleset.legal_commands(&state, seat.me).iter().map(|c| ruleset.format_command(c)).collect();
        if legal.is_empty() {
            return false;
        }
        let choice = &legal[pick(&legal) % legal.len()];
        local::do_command(game, seat.me, &seat.key, choice).expect("a legal command is accepted");
        true
    }

    /// Player `i`'s copy `game`, already open, signs what is staged and owed, and makes a packet.
    pub fn send_from(&self, game: &mut Game<'static>, i: usize) -> Packet {
        let seat = &self.seats[i];
        local::send(game, seat.me, &seat.key).expect("send")
    }

    pub fn over(&self) -> bool {
        self.open(0).replay.over().is_some()
    }

    /// Play until the game ends: in each round every player with a decision makes it (all
    /// before any packet moves, so sealed steps and reveals cross in the mail), then every
    /// player sends and everyone imports. Returns the number of rounds.
    pub fn play_to_end(&self, rng: &mut Lcg, max_rounds: usize) -> usize {
        match self.play(rng, max_rounds) {
            Some(rounds) => rounds,
            None => panic!("the game did not end in {max_rounds} rounds"),
        }
    }

    /// Play at most `max_rounds` rounds (as `play_to_end`); the number of rounds played if
    /// the game ended.
    pub fn play(&self, rng: &mut Lcg, max_rounds: usize) -> Option<usize> {
        for round in 0..max_rounds {
            // Each copy is read and verified once a round, then kept open for the round.
            let mut copies: Vec<Game<'static>> = (0..self.seats.len()).map(|i| self.open(i)).collect();
            if copies[0].replay.over().is_some() {
                return Some(round);
            }
            for (i, g) in copies.iter_mut().enumerate() {
                // A player may act several times in a row (e.g. a bonus then a fire).
                while self.decide_on(g, i, &mut |legal| rng.below(legal.len())) {
                    let staged = local::staged(g).expect("staged");
                    if staged.commands.is_empty() {
                        break;
                    }
                    let (state, _) = local::preview(g, self.seats[i].me, &staged).expect("preview");
                    if !g.replay.ruleset.pending(&state).players().contains(&self.seats[i].me) {
                        break;
                    }
                }
            }
            let packets: Vec<Packet> = copies.iter_mut().enumerate().map(|(i, g)| self.send_from(g, i)).collect();
            for (i, p) in packets.iter().enumerate() {
                for (j, g) in copies.iter_mut().enumerate() {
                    if j != i && !p.entries.is_empty() {
                        g.import(p).expect("an honest packet is accepted");
                    }
                }
            }
        }
        self.over().then_some(max_rounds)
    }
}
