//! Small helpers over the seeded generator the property tests share.

use rand_chacha::rand_core::RngCore;
use rand_chacha::ChaCha8Rng;

/// A number in `0..n` (0 when `n` is 0).
pub fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    if n == 0 {
        0
    } else {
        (rng.next_u64() % n as u64) as usize
    }
}

/// True once in `n` times on average.
pub fn one_in(rng: &mut ChaCha8Rng, n: usize) -> bool {
    below(rng, n) == 0
}
