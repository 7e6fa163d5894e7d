//! The signed, hash-chained journal of a Grognard game.
pub mod keys;
