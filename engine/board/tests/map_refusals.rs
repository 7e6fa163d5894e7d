//! Every way a map file is refused, each with the line it names.

mod common;

use common::{assert_refused, edited, line_of, refused, SMALL, SVEABORG};

/// `SMALL` with the line containing `from` replaced by `to`, and the number of that line.
fn small_with(from: &str, to: &str) -> (String, usize) {
    let text = edited(SMALL, from, to);
    let line = line_of(SMALL, from);
    (text, line)
}

fn assert_small_refused(from: &str, to: &str, words: &str) {
    let (text, line) = small_with(from, to);
    assert_refused(&text, line, words);
}

/// Like `assert_small_refused` where `to` adds a line after `from` and that line is to blame.
fn assert_added_line_refused(from: &str, to: &str, words: &str) {
    let (text, line) = small_with(from, to);
    assert_refused(&text, line + 1, words);
}

/// `SMALL` without the text from `start` (included) to `end` (excluded).
fn small_without(start: &str, end: &str) -> String {
    let (from, to) = (SMALL.find(start).unwrap_or_default(), SMALL.find(end).unwrap_or_default());
    assert!(from < to, "`{start}` must come before `{end}`");
    format!("{}{}", &SMALL[..from], &SMALL[to..])
}

// ---- sections ----------------------------------------------------------------------------

#[test]
fn unknown_section_is_refused() {
    assert_small_refused("[sources]", "[supply]", "unknown section [supply]");
}

#[test]
fn duplicate_section_is_refused() {
    let text = format!("{SMALL}\n[codes]\nX = sea Other Sea\n");
    assert_refused(&text, SMALL.lines().count() + 2, "appears twice");
}

#[test]
fn text_before_the_first_section_is_refused() {
    let text = format!("stray words\n{SMALL}");
    assert_refused(&text, 1, "before the first [section]");
}

#[test]
fn malformed_section_header_is_refused() {
    assert_small_refused("[roads]", "[roads", "not a section header");
}

#[test]
fn missing_map_section_is_refused_at_the_end_of_the_file() {
    let text = small_without("[map]", "[terrain]");
    let error = refused(&text);
    assert!(error.message.contains("[map] section is missing"), "{error}");
    assert_eq!(error.line, text.lines().count());
}

#[test]
fn missing_terrain_section_is_refused() {
    let text = small_without("[terrain]", "[codes]");
    let error = refused(&text);
    assert!(error.message.contains("[terrain] section is missing"), "{error}");
}

// ---- [map] -------------------------------------------------------------------------------

#[test]
fn map_unknown_key_is_refused() {
    assert_small_refused("north = up", "south = down", "unknown key `south`");
}

#[test]
fn map_duplicate_key_is_refused() {
    assert_added_line_refused("north = up", "north = up\ngame = other", "appears twice");
}

#[test]
fn map_missing_key_is_refused_at_the_section_header() {
    let (text, _) = small_with("title = A Small Test Map", "");
    assert_refused(&text, line_of(SMALL, "[map]"), "lacks the key `title`");
}

#[test]
fn map_line_without_equals_is_refused() {
    assert_small_refused("north = up", "north up", "key = value");
}

#[test]
fn map_bad_north_is_refused() {
    assert_small_refused("north = up", "north = left", "north must be `up` or `right`");
}

#[test]
fn map_bad_columns_are_refused() {
    assert_small_refused("columns = 01-06", "columns = 06-01", "after last");
    assert_small_refused("columns = 01-06", "columns = 1-x", "first-last");
    assert_small_refused("columns = 01-06", "columns = 100-101", "first-last");
    assert_small_refused("rows = 01-06", "rows = 01", "first-last");
}

#[test]
fn map_bad_game_id_is_refused() {
    assert_small_refused("game = test", "game = Test Game", "lower-case");
}

// ---- [codes] -----------------------------------------------------------------------------

#[test]
fn codes_lower_case_code_is_refused() {
    assert_small_refused("L = lake Lake Lacus", "l = lake Lake Lacus", "upper-case letter or a digit");
}

#[test]
fn codes_long_code_is_refused() {
    assert_small_refused("L = lake Lake Lacus", "LL = lake Lake Lacus", "one character");
}

#[test]
fn codes_unknown_water_kind_is_refused() {
    assert_small_refused("L = lake Lake Lacus", "L = pond Lake Lacus", "`sea` or `lake`");
}

#[test]
fn codes_water_without_name_is_refused() {
    assert_small_refused("L = lake Lake Lacus", "L = lake", "has no name");
}

#[test]
fn codes_duplicate_code_is_refused() {
    assert_added_line_refused("L = lake Lake Lacus", "L = lake Lake Lacus\nL = sea Other", "declared twice");
}

#[test]
fn codes_duplicate_water_name_is_refused() {
    assert_small_refused("L = lake Lake Lacus", "L = lake Northern Sea", "two bodies of water are named");
}

// ---- [terrain] ---------------------------------------------------------------------------

#[test]
fn terrain_unknown_code_is_refused() {
    assert_small_refused("03: c  h  c  L  c  d", "03: c  h  c  X  c  d", "hex 0403: unknown terrain code `X`");
    assert_small_refused("03: c  h  c  L  c  d", "03: c  h  c  q  c  d", "unknown terrain code `q`");
    assert_small_refused("03: c  h  c  L  c  d", "03: c  h  c  cc  c  d", "not a one-character");
}

#[test]
fn terrain_row_with_wrong_number_of_codes_is_refused() {
    assert_small_refused("03: c  h  c  L  c  d", "03: c  h  c  L  c", "has 5 codes");
    assert_small_refused("03: c  h  c  L  c  d", "03: c  h  c  L  c  d  d", "has 7 codes");
}

#[test]
fn terrain_row_outside_declared_rows_is_refused() {
    assert_small_refused("06: .  c  c  c  d  d", "07: .  c  c  c  d  d", "outside rows 01-06");
}

#[test]
fn terrain_duplicate_row_is_refused() {
    assert_small_refused("06: .  c  c  c  d  d", "05: .  c  c  c  d  d", "appears twice");
}

#[test]
fn terrain_missing_row_is_refused_at_the_section_header() {
    let (text, _) = small_with("06: .  c  c  c  d  d", "");
    assert_refused(&text, line_of(SMALL, "[terrain]"), "row 06 is missing");
}

#[test]
fn terrain_bad_row_number_is_refused() {
    assert_small_refused("06: .  c  c  c  d  d", "six: .  c  c  c  d  d", "not a row number");
    assert_small_refused("06: .  c  c  c  d  d", "06 .  c  c  c  d  d", "no colon");
}

// ---- [hexsides] --------------------------------------------------------------------------

#[test]
fn hexsides_unknown_kind_is_refused() {
    assert_small_refused("wadi: 0605/0606", "creek: 0605/0606", "unknown hexside kind `creek`");
}

#[test]
fn hexsides_between_non_adjacent_hexes_are_refused() {
    assert_small_refused("wadi: 0605/0606", "wadi: 0604/0606", "are not adjacent");
}

#[test]
fn hexsides_off_the_map_are_refused() {
    assert_small_refused("wadi: 0605/0606", "wadi: 0606/0607", "0607 is not on the map");
    assert_small_refused("wadi: 0605/0606", "border: 0502/0602", "0602 is not on the map");
}

#[test]
fn hexsides_water_barrier_touching_a_water_hex_is_refused() {
    assert_small_refused("wadi: 0605/0606", "wadi: 0402/0403", "0403 is all water");
}

#[test]
fn hexsides_with_two_water_kinds_are_refused() {
    assert_small_refused("wadi: 0605/0606", "wadi: 0605/0606 0205/0305", "already a river hexside");
}

#[test]
fn hexsides_listed_twice_with_one_kind_are_refused() {
    assert_small_refused("wadi: 0605/0606", "wadi: 0605/0606 0606/0605", "listed twice as wadi");
    let last_border = "border West/East: 0305/0405 0305/0406 0306/0406";
    assert_added_line_refused(last_border, &format!("{last_border}\nborder: 0304/0404"), "listed twice as a border");
}

#[test]
fn hexsides_line_without_hexsides_is_refused() {
    assert_small_refused("wadi: 0605/0606", "wadi:", "no hexsides listed");
}

#[test]
fn hexsides_malformed_hexside_is_refused() {
    assert_small_refused("wadi: 0605/0606", "wadi: 0605-0606", "not a hexside");
    assert_small_refused("wadi: 0605/0606", "wadi: 605/0606", "not a four-digit hex number");
}

// ---- [roads] -----------------------------------------------------------------------------

const ROAD: &str = "Via Prima: 0102 0202 0203 0204 0304 0404 0504 0505";

#[test]
fn roads_with_non_adjacent_consecutive_hexes_are_refused() {
    assert_small_refused(ROAD, "Via Prima: 0102 0202 0204", "0202 and 0204 are not adjacent");
    assert_small_refused(ROAD, "Via Prima: 0102 0102", "0102 and 0102 are not adjacent");
}

#[test]
fn roads_off_the_map_or_on_water_are_refused() {
    assert_small_refused(ROAD, "Via Prima: 0502 0602", "0602 is not on the map");
    assert_small_refused(ROAD, "Via Prima: 0402 0403", "0403 is all water");
}

#[test]
fn roads_with_one_hex_are_refused() {
    assert_small_refused(ROAD, "Via Prima: 0102", "at least two hexes");
}

#[test]
fn roads_with_duplicate_names_are_refused() {
    assert_added_line_refused(ROAD, &format!("{ROAD}\nVia Prima: 0603 0604"), "two roads are named");
}

#[test]
fn roads_without_name_are_refused() {
    assert_small_refused(ROAD, "0102 0202", "no colon");
    assert_small_refused(ROAD, ": 0102 0202", "is empty");
}

// ---- [locales] ---------------------------------------------------------------------------

const OPPIDUM: &str = "0303   town               1   Oppidum";

#[test]
fn locales_on_water_or_off_the_map_are_refused() {
    assert_small_refused(OPPIDUM, "0403 town 1 Oppidum", "0403 is all water");
    assert_small_refused(OPPIDUM, "0602 town 1 Oppidum", "0602 is not on the map");
}

#[test]
fn locales_in_the_same_hex_are_refused() {
    assert_small_refused(OPPIDUM, "0102 town 1 Oppidum", "already has locale Portus");
}

#[test]
fn locales_with_bad_vp_are_refused() {
    assert_small_refused(OPPIDUM, "0303 town one Oppidum", "VP `one`");
    assert_small_refused(OPPIDUM, "0303 town -1 Oppidum", "VP `-1`");
    assert_small_refused(OPPIDUM, "0303 town 100 Oppidum", "VP `100`");
    assert_small_refused(OPPIDUM, "0303 town +1 Oppidum", "VP `+1`");
}

#[test]
fn locales_with_unknown_or_repeated_kinds_are_refused() {
    assert_small_refused(OPPIDUM, "0303 village 1 Oppidum", "unknown kind `village`");
    assert_small_refused(OPPIDUM, "0303 town,,port 1 Oppidum", "unknown kind ``");
    assert_small_refused(OPPIDUM, "0303 town,town 1 Oppidum", "kind `town` is given twice");
}

#[test]
fn locales_with_missing_fields_are_refused() {
    assert_small_refused(OPPIDUM, "0303 town 1", "name is missing");
    assert_small_refused(OPPIDUM, "0303 town", "VP is missing");
}

// ---- [regions] ---------------------------------------------------------------------------

#[test]
fn regions_leaving_a_land_hex_without_region_are_refused() {
    assert_small_refused("East: 0502 0601", "East: 0502", "1 land hex(es) belong to no region, first 0601");
}

#[test]
fn regions_that_meet_without_border_are_refused() {
    let (text, _) = small_with("border West/East: 0305/0405 0305/0406 0306/0406", "");
    assert_refused(&text, line_of(&text, "East: 0502"), "regions West and East both reach");
}

#[test]
fn regions_seeded_inside_another_region_are_refused() {
    assert_small_refused("East: 0502 0601", "East: 0502 0601 0202", "both reach hex 0202");
}

#[test]
fn regions_seeded_on_water_are_refused() {
    assert_small_refused("East: 0502 0601", "East: 0502 0601 0403", "0403 is all water");
}

#[test]
fn regions_with_duplicate_names_are_refused() {
    assert_small_refused("East: 0502 0601", "West: 0502 0601", "two regions are named `West`");
}

#[test]
fn regions_section_missing_is_refused_when_there_is_land() {
    let text = small_without("[regions]", "[boxes]");
    let error = refused(&text);
    assert!(error.message.contains("belong to no region"), "{error}");
}

#[test]
fn regions_do_not_flood_across_sea_hexsides() {
    let text = edited(SVEABORG, "channel: 1210/1309", "sea: 1210/1309");
    assert_refused(&text, line_of(&text, "Finland: 1108"), "first 1210");
    let island = format!("{text}Island: 1210\n");
    let map = common::parse_ok(&island);
    assert_eq!(map.region(common::h("1210")), Some("Island"));
    assert!(map.landward_neighbours(common::h("1210")).is_empty());
}

// ---- [boxes] -----------------------------------------------------------------------------

const FAR_EAST: &str = "far-east: Far East | port supply | 0603 0604";

#[test]
fn boxes_with_bad_or_duplicate_ids_are_refused() {
    assert_small_refused(FAR_EAST, "Far East: Far East | port | 0603", "lower-case");
    let (text, _) = small_with(FAR_EAST, "naval: Far East | port | 0603");
    assert_refused(&text, line_of(SMALL, "naval: Naval Holding"), "two boxes have the id `naval`");
}

#[test]
fn boxes_with_unknown_or_repeated_properties_are_refused() {
    assert_small_refused(FAR_EAST, "far-east: Far East | harbour | 0603", "unknown property `harbour`");
    assert_small_refused(FAR_EAST, "far-east: Far East | port port | 0603", "given twice");
}

#[test]
fn boxes_with_wrong_fields_are_refused() {
    assert_small_refused(FAR_EAST, "far-east: Far East | port", "Name | properties | entry hexes");
    assert_small_refused(FAR_EAST, "far-east: | port | 0603", "has no name");
}

#[test]
fn boxes_with_bad_entry_hexes_are_refused() {
    assert_small_refused(FAR_EAST, "far-east: Far East | port | 0602", "0602 is not on the map");
    assert_small_refused(FAR_EAST, "far-east: Far East | port | 0501", "0501 is all water");
    assert_small_refused(FAR_EAST, "far-east: Far East | port | 0603 0603", "listed twice");
}

// ---- [sources] ---------------------------------------------------------------------------

#[test]
fn sources_side_listed_twice_is_refused() {
    assert_added_line_refused("west: 0102", "west: 0102\nwest: 0202", "two [sources] lines");
}

#[test]
fn sources_with_bad_hexes_are_refused() {
    assert_small_refused("west: 0102", "west: 0101", "0101 is all water");
    assert_small_refused("west: 0102", "west: 0106", "0106 is not on the map");
    assert_small_refused("west: 0102", "west:", "no hexes listed");
}

#[test]
fn sources_with_bad_side_names_are_refused() {
    assert_small_refused("west: 0102", "West Side: 0102", "lower-case");
}
