//! Seeded mutations of real inputs: the input generator of the short fuzz run in the tests.
//! Not coverage-guided (that is libFuzzer's job, on demand); it reaches past the seeds with
//! the edits that find most reader bugs: flipped bits, boundary bytes and numbers, deleted,
//! repeated and inserted spans, words of the seeds moved about, and halves of two seeds joined.
//! A run is fixed by its seed number, so a finding is reproduced by rerunning it.

use std::collections::BTreeSet;

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The longest input a mutation makes (a bound on the work one input can cost).
pub const MAX_LEN: usize = 1 << 16;
/// At most this many edits are stacked on one seed.
const MAX_EDITS: u64 = 4;

/// Bytes that readers treat specially.
const BOUNDARY_BYTES: [u8; 14] = [0, 0x7f, 0x80, 0xff, b'\n', b'\r', b' ', b'"', b'\\', b'{', b'}', b'-', b'0', b'9'];
/// Numbers at the edges of the integer types readers parse into.
const BOUNDARY_NUMBERS: [&str; 9] =
    ["0", "-1", "1", "255", "256", "65536", "4294967295", "4294967296", "18446744073709551616"];

/// A stream of mutated inputs drawn from a target's seeds.
pub struct Mutator {
    rng: ChaCha8Rng,
    seeds: Vec<Vec<u8>>,
    words: Vec<Vec<u8>>,
}

impl Mutator {
    /// A mutator over `seeds` (none empty of them all: at least one seed), fixed by `seed`.
    pub fn new(seed: u64, seeds: Vec<Vec<u8>>) -> Mutator {
        assert!(!seeds.is_empty(), "a mutator needs at least one seed");
        let mut words = BTreeSet::new();
        for s in &seeds {
            for w in s.split(|b| !(b.is_ascii_alphanumeric() || *b == b'_' || *b == b'-' || *b == b'.')) {
                if (1..=32).contains(&w.len()) {
                    words.insert(w.to_vec());
                }
            }
        }
        Mutator { rng: ChaCha8Rng::seed_from_u64(seed), seeds, words: words.into_iter().collect() }
    }

    /// A number below `n` (`n` > 0); the slight bias of a remainder does not matter here.
    fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        (self.rng.next_u64() % n as u64) as usize
    }

    /// The next input: a seed with one to four edits.
    pub fn next_input(&mut self) -> Vec<u8> {
        let pick = self.below(self.seeds.len());
        let mut input = self.seeds[pick].clone();
        let edits = 1 + self.rng.next_u64() % MAX_EDITS;
        for _ in 0..edits {
            self.edit(&mut input);
            input.truncate(MAX_LEN);
        }
        input
    }

    fn edit(&mut self, input: &mut Vec<u8>) {
        let len = input.len();
        match self.below(8) {
            0 if len > 0 => {
                let at = self.below(len);
                input[at] ^= 1 << self.below(8);
            }
            1 if len > 0 => {
                let at = self.below(len);
                input[at] = BOUNDARY_BYTES[self.below(BOUNDARY_BYTES.len())];
            }
            2 if len > 0 => {
                let at = self.below(len);
                let n = 1 + self.below(16.min(len - at));
                input.drain(at..at + n);
            }
            3 if len > 0 => {
                let from = self.below(len);
                let n = 1 + self.below(64.min(len - from));
                let span = input[from..from + n].to_vec();
                let at = self.below(len + 1);
                input.splice(at..at, span);
            }
            4 => {
                let n = 1 + self.below(8);
                let bytes: Vec<u8> = (0..n).map(|_| self.rng.next_u32() as u8).collect();
                let at = self.below(len + 1);
                input.splice(at..at, bytes);
            }
            5 if !self.words.is_empty() => {
                let pick = self.below(self.words.len());
                let word = self.words[pick].clone();
                let at = self.below(len + 1);
                input.splice(at..at, word);
            }
            6 => {
                // Replace a run of digits (or insert where none is) with a boundary number.
                let number = BOUNDARY_NUMBERS[self.below(BOUNDARY_NUMBERS.len())].as_bytes();
                let at = self.below(len + 1);
                let start = input[..at].iter().rposition(|b| !b.is_ascii_digit()).map_or(0, |i| i + 1);
                let end = input[at..].iter().position(|b| !b.is_ascii_digit()).map_or(len, |i| at + i);
                input.splice(start..end, number.iter().copied());
            }
            _ => {
                // The head of this input and the tail of a seed.
                let pick = self.below(self.seeds.len());
                let other = self.seeds[pick].clone();
                let cut = self.below(len + 1);
                let from = self.below(other.len() + 1);
                input.truncate(cut);
                input.extend_from_slice(&other[from..]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mutator_is_fixed_by_its_seed() {
        let seeds = vec![b"move 1 to 2\n".to_vec(), b"{\"a\":[1,2]}".to_vec()];
        let run = |seed| {
            let mut m = Mutator::new(seed, seeds.clone());
            (0..50).map(|_| m.next_input()).collect::<Vec<_>>()
        };
        assert_eq!(run(7), run(7));
        assert_ne!(run(7), run(8));
    }

    #[test]
    fn mutations_change_their_seeds_and_stay_bounded() {
        let seeds = vec![b"attack 0405 with 3\n".to_vec()];
        let mut m = Mutator::new(1, seeds.clone());
        let inputs: Vec<_> = (0..500).map(|_| m.next_input()).collect();
        let changed = inputs.iter().filter(|i| **i != seeds[0]).count();
        assert!(changed > 450, "only {changed} of 500 inputs differ from their seed");
        assert!(inputs.iter().all(|i| i.len() <= MAX_LEN));
        let distinct: BTreeSet<_> = inputs.iter().collect();
        assert!(distinct.len() > 400, "only {} distinct inputs of 500", distinct.len());
    }
}
