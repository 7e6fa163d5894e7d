//! Empires in Arms: seven major powers at war and peace on the area map of Europe, 1805 to
//! 1815, one turn a month. Rule numbers cite the Empires in Arms rules text; rules the text
//! lacks are reconstructions, listed with their reasoning in `RECONSTRUCTION.md` and cited as
//! such (`R7.5.2.9`) in errors.

pub mod data;
pub mod factor;
pub mod map;
pub mod power;

pub use factor::FactorKind;
pub use power::Power;
