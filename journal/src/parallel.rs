//! Work spread over the cores in order: the result of item `i` is at place `i` whatever
//! thread computed it, so nothing depends on scheduling.

/// Most threads used.
const MAX_THREADS: usize = 8;

/// `f` of every item, in order; on several threads when there are at least `parallel_from`
/// items and more than one core.
pub fn map_in_order<T: Sync, R: Send>(items: &[T], parallel_from: usize, f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(MAX_THREADS);
    if items.len() < parallel_from || threads < 2 {
        return items.iter().map(f).collect();
    }
    let chunk = items.len().div_ceil(threads);
    let f = &f;
    std::thread::scope(|scope| {
        let handles: Vec<_> =
            items.chunks(chunk).map(|part| scope.spawn(move || part.iter().map(f).collect::<Vec<R>>())).collect();
        handles.into_iter().flat_map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p))).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_keep_the_order_of_the_items() {
        let items: Vec<u64> = (0..10_000).collect();
        let out = map_in_order(&items, 16, |x| x * 3);
        assert_eq!(out, items.iter().map(|x| x * 3).collect::<Vec<_>>());
    }
}
