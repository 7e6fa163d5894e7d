//! The signed, hash-chained journal of a Grognard game.
pub mod canonical;
pub mod chain;
pub mod dag;
pub mod entry;
pub mod error;
pub mod ids;
pub mod keyfile;
pub mod keys;
pub mod replay;
pub mod rolls;
pub mod sealed;
pub mod signatures;
pub mod store;
pub mod game;
pub mod packet;
pub mod verify;
