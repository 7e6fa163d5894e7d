//! The generated maps (engine/fnc/data/*/map.txt) against the facts the FNC rules state.

use grognard_board::Map;

fn ec() -> Map {
    Map::parse(include_str!("../data/ec/map.txt")).unwrap_or_else(|e| panic!("ec map.txt refused: {e}"))
}

#[test]
fn ec_map_parses() {
    let map = ec();
    assert_eq!(map.game, "ec");
}
