//! Limits on what players type and give the rulesets (docs/PROTOCOL.md section 10): named,
//! enforced at the boundary of every ruleset (`AnyRuleset`), each refusal naming its limit.

/// The longest command text a ruleset reads (`grognard do`, `grognard play`): the
/// longest real command, a batch of attacks or a long march, is a few hundred bytes.
pub const MAX_COMMAND_BYTES: usize = 4096;

/// The largest written position (`grognard new --position`): the genesis entry carries its
/// text, and an entry is at most 64 KiB (`MAX_ENTRY_BYTES` of the journal); a position of a
/// whole game of The Egyptian Campaign is a few kilobytes.
pub const MAX_POSITION_BYTES: usize = 32 * 1024;
