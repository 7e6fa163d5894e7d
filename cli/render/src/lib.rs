//! Pictures of a board, drawn from a `grognard_board::BoardView`.
