//! Counting out choices for the legal lists: combinations and subsets in a fixed order, and
//! the bound on how many are listed.

use grognard_engine::ApplyError;

/// The most commands listed for one kind of choice at one decision point (the attacks of a
/// combat phase, the answers to one decision), and, where candidates are tried one by one
/// against `apply`, the most tried; a bound on work, never reached in the scenarios of the
/// two games. Tested (tests/legal_complete.rs): the largest recycling choice the counter
/// mixes allow (3 of the 44 Ottoman ground units of EC: 13,244) and the attacks of the
/// contact positions stay below it; the random play of both games in
/// tests/properties_random_play.rs lists at most about 2,100 attacks, 1,000 recycling
/// choices, 64 advances, 23 loss choices and 16 retreats at one decision point.
pub const MAX_LISTED: usize = 20_000;

/// Accepted now, or accepted once its dice are rolled.
pub fn accepted<T>(result: Result<T, ApplyError>) -> bool {
    matches!(result, Ok(_) | Err(ApplyError::NeedDice))
}

/// The `k`-combinations of the indexes `0..n`, in lexicographic order (one empty
/// combination when `k` is 0, none when `k > n`).
#[derive(Clone, Debug)]
pub struct Combinations {
    n: usize,
    next: Option<Vec<usize>>,
}

impl Iterator for Combinations {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        let current = self.next.take()?;
        let (n, k) = (self.n, current.len());
        // The rightmost index that can still move right, then the ones after it packed behind.
        if let Some(i) = (0..k).rev().find(|&i| current[i] < i + n - k) {
            let mut following = current.clone();
            following[i] += 1;
            for j in i + 1..k {
                following[j] = following[j - 1] + 1;
            }
            self.next = Some(following);
        }
        Some(current)
    }
}

/// The `k`-combinations of `0..n` in lexicographic order.
pub fn combinations(n: usize, k: usize) -> Combinations {
    Combinations { n, next: (k <= n).then(|| (0..k).collect()) }
}

/// Every subset of `0..n` (the empty one first), by size, then in lexicographic order.
pub fn subsets_by_size(n: usize) -> impl Iterator<Item = Vec<usize>> {
    (0..=n).flat_map(move |k| combinations(n, k))
}

/// The items at `indexes`.
pub fn pick<T: Clone>(items: &[T], indexes: &[usize]) -> Vec<T> {
    indexes.iter().map(|&i| items[i].clone()).collect()
}

/// The ways to pick `k` of `items` (at most `limit` of them), in lexicographic order.
pub fn choose(items: &[String], k: usize, limit: usize) -> Vec<Vec<String>> {
    combinations(items.len(), k).take(limit).map(|c| pick(items, &c)).collect()
}
