//! Pursuit after a field combat (7.5.2.10.2, reconstructed R7.5.2.10.2): a side that broke
//! (R7.5.2.10.1.1) is pursued before it falls back. It loses one more factor for every
//! `pursuit` cavalry factors (`data/rules.txt` `[land]`) the victor's fighting corps have over
//! its own fighting corps, at most the victor's commander's strategic rating (10.6.1.3,
//! commanders for pursuit; one without a leader). A side beaten at nightfall (R7.5.2.13) or a
//! withdrawal is not pursued.

use crate::ctx::Ctx;

/// The factors a pursuit takes from the beaten side.
pub fn losses(ctx: &Ctx, victor_cavalry: u32, beaten_cavalry: u32, victor_strategic: u32) -> u32 {
    let per = ctx.rules.pursuit_cavalry.max(1);
    let surplus = victor_cavalry.saturating_sub(beaten_cavalry);
    (surplus / per).min(victor_strategic.max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r7_5_2_10_2_reconstructed_one_factor_for_two_of_cavalry_superiority_at_most_the_strategic_rating() {
        let ctx = Ctx::builtin().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(losses(ctx, 6, 1, 5), 2, "five more cavalry: two factors");
        assert_eq!(losses(ctx, 12, 0, 3), 3, "held to the commander's strategic rating");
        assert_eq!(losses(ctx, 4, 0, 0), 1, "one without a leader");
        assert_eq!(losses(ctx, 2, 5, 4), 0, "no superiority, no pursuit");
    }
}
