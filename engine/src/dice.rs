//! Dice reach a ruleset only through a [`DiceSource`]. Faces are drawn from a ChaCha20
//! keystream by [`sample_face`], an algorithm of our own that is specified in
//! docs/PROTOCOL.md and frozen: a library's convenience sampler may change between
//! versions, and every archived game would change with it.
//!
//! Algorithm for a die of `n` sides (2 <= n <= 2^16): read the keystream as consecutive
//! little-endian u32 words; let `limit = 2^32 - (2^32 mod n)`; the first word `w < limit`
//! gives the face `w mod n + 1`; words at or above `limit` are discarded.

use rand_chacha::ChaCha20Rng;
use rand_core::{RngCore, SeedableRng};

/// Returned by a source that cannot give a face yet (fair dice waiting for a witness).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiceUnavailable;

/// Where a ruleset's dice come from. Every roll is recorded so the journal can show it.
pub trait DiceSource {
    /// Roll one die of `sides` faces (2..=65536), giving 1..=sides.
    fn roll(&mut self, sides: u32) -> Result<u32, DiceUnavailable>;
    /// The faces rolled so far, in order, as `(sides, face)`.
    fn rolled(&self) -> &[(u32, u32)];
}

/// The largest die [`sample_face`] accepts.
pub const MAX_SIDES: u32 = 1 << 16;

/// Draw one face of an `sides`-sided die from `words`, a stream of little-endian u32 words.
/// Returns `None` only if the stream ends first (a finite test stream).
pub fn sample_face(sides: u32, words: &mut dyn Iterator<Item = u32>) -> Option<u32> {
    assert!((2..=MAX_SIDES).contains(&sides), "a die has 2 to {MAX_SIDES} sides, not {sides}");
    let n = u64::from(sides);
    let limit = (1u64 << 32) - ((1u64 << 32) % n);
    for w in words {
        if u64::from(w) < limit {
            return Some((u64::from(w) % n) as u32 + 1);
        }
    }
    None
}

/// Fair or casual dice: faces sampled from the ChaCha20 keystream (RFC 8439 block
/// function, 32-byte key = the roll seed, all-zero nonce, block counter from 0).
pub struct StreamDice {
    rng: ChaCha20Rng,
    rolled: Vec<(u32, u32)>,
}

impl StreamDice {
    pub fn from_seed(seed: [u8; 32]) -> Self {
        StreamDice { rng: ChaCha20Rng::from_seed(seed), rolled: Vec::new() }
    }

    /// The next little-endian u32 word of the keystream.
    fn next_word(&mut self) -> u32 {
        let mut b = [0u8; 4];
        self.rng.fill_bytes(&mut b);
        u32::from_le_bytes(b)
    }

    /// Keystream bytes, for test vectors.
    pub fn keystream(seed: [u8; 32], len: usize) -> Vec<u8> {
        let mut rng = ChaCha20Rng::from_seed(seed);
        let mut out = vec![0u8; len];
        rng.fill_bytes(&mut out);
        out
    }
}

impl DiceSource for StreamDice {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceUnavailable> {
        let mut words = std::iter::from_fn(|| Some(self.next_word()));
        // The keystream never ends, so sampling always yields a face.
        let face = sample_face(sides, &mut words).ok_or(DiceUnavailable)?;
        self.rolled.push((sides, face));
        Ok(face)
    }

    fn rolled(&self) -> &[(u32, u32)] {
        &self.rolled
    }
}

/// A source with no dice: every roll asks for dice that are not there yet.
#[derive(Default)]
pub struct NoDice;

impl DiceSource for NoDice {
    fn roll(&mut self, _sides: u32) -> Result<u32, DiceUnavailable> {
        Err(DiceUnavailable)
    }
    fn rolled(&self) -> &[(u32, u32)] {
        &[]
    }
}

/// Scripted dice: a given list of faces, taken in order (tests, tutorials, exploring a
/// rule). A face larger than the die asked for is refused.
pub struct ScriptedDice<'a> {
    faces: &'a [u32],
    next: usize,
    rolled: Vec<(u32, u32)>,
}

impl<'a> ScriptedDice<'a> {
    pub fn new(faces: &'a [u32]) -> Self {
        ScriptedDice { faces, next: 0, rolled: Vec::new() }
    }

    /// How many faces have been used.
    pub fn used(&self) -> usize {
        self.next
    }
}

impl DiceSource for ScriptedDice<'_> {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceUnavailable> {
        let face = *self.faces.get(self.next).ok_or(DiceUnavailable)?;
        if face == 0 || face > sides {
            return Err(DiceUnavailable);
        }
        self.next += 1;
        self.rolled.push((sides, face));
        Ok(face)
    }

    fn rolled(&self) -> &[(u32, u32)] {
        &self.rolled
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keystream_is_rfc8439_chacha20() {
        // RFC 8439 appendix A.1, test vector #1: all-zero key and nonce, counter 0.
        let ks = StreamDice::keystream([0; 32], 64);
        let expected = "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7\
                        da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586";
        let got: String = ks.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(got, expected);
    }

    #[test]
    fn sampling_rejects_words_at_or_above_the_limit() {
        // For a d6 the limit is 2^32 - 4; the top four words are discarded.
        let mut words = [u32::MAX, u32::MAX - 3, 4_294_967_291, 7].into_iter();
        assert_eq!(sample_face(6, &mut words), Some(4_294_967_291 % 6 + 1));
        let mut words = [u32::MAX].into_iter();
        assert_eq!(sample_face(6, &mut words), None);
        let mut words = [0u32, 5].into_iter();
        assert_eq!(sample_face(6, &mut words), Some(1));
    }

    #[test]
    fn stream_dice_are_deterministic_and_in_range() {
        let mut a = StreamDice::from_seed([7; 32]);
        let mut b = StreamDice::from_seed([7; 32]);
        for _ in 0..1000 {
            let fa = a.roll(6).expect("stream never ends");
            assert!((1..=6).contains(&fa));
            assert_eq!(Ok(fa), b.roll(6));
        }
        assert_eq!(a.rolled().len(), 1000);
    }

    #[test]
    fn scripted_dice_refuse_impossible_faces() {
        let faces = [3, 7];
        let mut d = ScriptedDice::new(&faces);
        assert_eq!(d.roll(6), Ok(3));
        assert_eq!(d.roll(6), Err(DiceUnavailable));
        assert_eq!(d.roll(10), Ok(7));
        assert_eq!(d.roll(10), Err(DiceUnavailable));
    }
}
