//! Shared helpers of the property tests: the scenarios as a player starts them, the
//! invariants every state of a game must keep, a seeded random-play driver and the
//! shrinking of a failing game to a short command sequence.

#![allow(dead_code)]

pub mod candidates;
pub mod choice;
pub mod contact;
pub mod corpus;
pub mod driver;
pub mod invariants;
pub mod mutate;
pub mod random;
pub mod scenarios;
pub mod shrink;
