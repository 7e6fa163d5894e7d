//! The invariants of FNC states (the library's `invariants` module, shared with the self-play
//! harness).

pub use grognard_fnc::invariants::*;
