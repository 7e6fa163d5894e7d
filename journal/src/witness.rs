//! The witnesses of a roll in a game whose genesis chooses `"witnesses": "concerned"`
//! (docs/PROTOCOL.md section 5.3): the players the roll concerns, as the ruleset names them
//! (`Ruleset::roll_concerns`), or, when it names nobody else, exactly one other player
//! picked by a rule of the protocol, so that a roll waits on the players it matters to and
//! not on every player of a seven-player game.
//!
//! Pure functions of player numbers, so that the rule is the same in every copy and can be
//! tested alone; the replay (`replay.rs`) supplies who takes part and who opposes the roller.

use grognard_engine::PlayerId;

/// Who a roll's witnesses are chosen among: one flag per player of the game (in player
/// order), whether they still take part (`Ruleset::takes_part`, judged on the state when the
/// roll is requested), and the roller's opponents (the players who run a power on a side
/// the roller runs none on).
#[derive(Clone, Copy, Debug)]
pub struct Table<'a> {
    pub taking_part: &'a [bool],
    pub opponents: &'a [PlayerId],
}

impl Table<'_> {
    fn takes_part(&self, p: PlayerId) -> bool {
        self.taking_part.get(p.index()).copied().unwrap_or(false)
    }

    /// The one witness of a roll that concerns nobody but its roller: the first player after
    /// `roller` in cyclic ascending order (`roller + 1, ..., n - 1, 0, ..., roller - 1`) who
    /// takes part and is one of the roller's opponents; if there is none, the first in that
    /// order who takes part; if nobody else takes part, the first in that order. Never the
    /// roller in a game of two players or more.
    pub fn fallback(&self, roller: PlayerId) -> PlayerId {
        let n = self.taking_part.len();
        if n == 0 {
            return roller;
        }
        // Players are numbered below 7, so these fit a u8.
        let after = |k: usize| PlayerId(((roller.index() + k) % n) as u8);
        let order = || (1..n).map(after);
        order()
            .find(|p| self.takes_part(*p) && self.opponents.contains(p))
            .or_else(|| order().find(|p| self.takes_part(*p)))
            .unwrap_or_else(|| after(1))
    }

    /// The witnesses of a roll asked for by `roller` (a command, or the rules going on after
    /// the roller's opening) that the ruleset says concerns `named`: the named players who
    /// take part, less the roller, ascending, each once; when that leaves nobody, the
    /// [`fallback`](Table::fallback) alone. Never empty, never the roller alone.
    pub fn of_command(&self, roller: PlayerId, named: &[PlayerId]) -> Vec<PlayerId> {
        let mut witnesses: Vec<PlayerId> =
            named.iter().copied().filter(|p| *p != roller && self.takes_part(*p)).collect();
        witnesses.sort_unstable();
        witnesses.dedup();
        if witnesses.is_empty() {
            witnesses.push(self.fallback(roller));
        }
        witnesses
    }

    /// The witnesses of a sealed step's roll, whose request is `roller`'s opening (the last
    /// one): the players who sealed in the step (`choosers`) and take part, the roller
    /// included, ascending; when that leaves nobody but the roller, the
    /// [`fallback`](Table::fallback) is added, so the roller never knows the roll alone.
    pub fn of_sealed(&self, roller: PlayerId, choosers: &[PlayerId]) -> Vec<PlayerId> {
        let mut witnesses: Vec<PlayerId> = choosers.iter().copied().filter(|p| self.takes_part(*p)).collect();
        if !witnesses.iter().any(|p| *p != roller) {
            witnesses.push(self.fallback(roller));
        }
        witnesses.sort_unstable();
        witnesses.dedup();
        witnesses
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(v: &[u8]) -> Vec<PlayerId> {
        v.iter().map(|&p| PlayerId(p)).collect()
    }

    /// Seven players, every one on a side of their own (Empires in Arms), all taking part.
    const ALL7: [bool; 7] = [true; 7];

    fn others(roller: u8, n: u8) -> Vec<PlayerId> {
        (0..n).filter(|&p| p != roller).map(PlayerId).collect()
    }

    #[test]
    fn a_roll_is_witnessed_by_the_players_it_concerns_and_no_others() {
        let opponents = others(2, 7);
        let t = Table { taking_part: &ALL7, opponents: &opponents };
        // A combat of player 2 against the powers of players 5 and 0.
        assert_eq!(t.of_command(PlayerId(2), &ids(&[5, 0])), ids(&[0, 5]));
        // Repeats, order and the roller itself change nothing.
        assert_eq!(t.of_command(PlayerId(2), &ids(&[5, 2, 0, 5, 2])), ids(&[0, 5]));
        assert_eq!(t.of_command(PlayerId(2), &ids(&[4])), ids(&[4]));
    }

    #[test]
    fn a_roll_that_concerns_nobody_else_has_exactly_one_witness_the_next_player() {
        let opponents = others(2, 7);
        let t = Table { taking_part: &ALL7, opponents: &opponents };
        assert_eq!(t.of_command(PlayerId(2), &[]), ids(&[3]));
        assert_eq!(t.of_command(PlayerId(2), &ids(&[2])), ids(&[3]), "naming only the roller names nobody");
        // Cyclic: the last player's next is player 0.
        let opponents = others(6, 7);
        let t = Table { taking_part: &ALL7, opponents: &opponents };
        assert_eq!(t.of_command(PlayerId(6), &[]), ids(&[0]));
    }

    #[test]
    fn the_single_witness_skips_players_out_of_the_game_and_prefers_an_opponent() {
        // Players 3 and 4 are out; named players out of the game do not witness either.
        let part = [true, true, true, false, false, true, true];
        let opponents = others(2, 7);
        let t = Table { taking_part: &part, opponents: &opponents };
        assert_eq!(t.of_command(PlayerId(2), &ids(&[3, 4])), ids(&[5]));
        assert_eq!(t.of_command(PlayerId(2), &ids(&[4, 6])), ids(&[6]));
        // Two sides: players 0, 1 and 2 allies, 3 and 4 their enemies. The next player after
        // 0 is an ally; the single witness is the first opponent after it.
        let five = [true; 5];
        let opponents = ids(&[3, 4]);
        let t = Table { taking_part: &five, opponents: &opponents };
        assert_eq!(t.fallback(PlayerId(0)), PlayerId(3));
        assert_eq!(t.fallback(PlayerId(2)), PlayerId(3));
        // An opponent out of the game is skipped; with no opponent left, the next player in
        // the game; with nobody else in the game, the next player.
        let part = [true, true, true, false, true];
        let t = Table { taking_part: &part, opponents: &opponents };
        assert_eq!(t.fallback(PlayerId(1)), PlayerId(4));
        let part = [true, true, true, false, false];
        let t = Table { taking_part: &part, opponents: &opponents };
        assert_eq!(t.fallback(PlayerId(1)), PlayerId(2));
        let part = [false, true, false, false, false];
        let t = Table { taking_part: &part, opponents: &opponents };
        assert_eq!(t.fallback(PlayerId(1)), PlayerId(2));
    }

    #[test]
    fn a_roll_never_has_its_roller_as_its_only_witness() {
        // Every game size, roller, set of players in the game and set of named players.
        for n in 2..=7u8 {
            for (roller, in_game) in (0..n).flat_map(|r| (0u32..(1 << n)).map(move |m| (r, m))) {
                let part: Vec<bool> = (0..n).map(|p| in_game & (1 << p) != 0).collect();
                for mask in 0u32..(1 << n) {
                    let named: Vec<PlayerId> = (0..n).filter(|p| mask & (1 << p) != 0).map(PlayerId).collect();
                    let opponents = others(roller, n);
                    let t = Table { taking_part: &part, opponents: &opponents };
                    let w = t.of_command(PlayerId(roller), &named);
                    assert!(!w.is_empty() && !w.contains(&PlayerId(roller)), "{n} {roller} {named:?} {w:?}");
                    assert!(w.windows(2).all(|p| p[0] < p[1]), "ascending, each once: {w:?}");
                    let s = t.of_sealed(PlayerId(roller), &named);
                    assert!(s.iter().any(|p| *p != PlayerId(roller)), "{n} {roller} {named:?} {s:?}");
                    assert!(s.windows(2).all(|p| p[0] < p[1]), "ascending, each once: {s:?}");
                }
            }
        }
    }

    #[test]
    fn a_sealed_step_is_witnessed_by_its_choosers() {
        let opponents = others(1, 7);
        let t = Table { taking_part: &ALL7, opponents: &opponents };
        // Players 1, 4 and 6 sealed; player 1 opened last (the request): all three witness.
        assert_eq!(t.of_sealed(PlayerId(1), &ids(&[1, 4, 6])), ids(&[1, 4, 6]));
        // A step of one chooser: the protocol's single witness is added.
        assert_eq!(t.of_sealed(PlayerId(1), &ids(&[1])), ids(&[1, 2]));
    }
}
