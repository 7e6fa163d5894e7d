//! Every way an area map file is refused, one test per check, each with the line it names.

mod area_support;

use area_support::{
    assert_added_line_refused, assert_edit_refused, assert_edit_refused_at, assert_refused, edited, line_of, parse_ok,
    SMALL,
};

#[test]
fn the_fixture_is_accepted() {
    parse_ok(SMALL);
}

// ---- sections ----------------------------------------------------------------------------

#[test]
fn unknown_section_is_refused() {
    assert_edit_refused("[outlines]", "[shapes]", "unknown section [shapes]");
}

#[test]
fn duplicate_section_is_refused() {
    let text = format!("{SMALL}\n[seas]\n");
    assert_refused(&text, SMALL.lines().count() + 2, "appears twice");
}

#[test]
fn text_before_the_first_section_is_refused() {
    assert_refused(&format!("stray words\n{SMALL}"), 1, "before the first [section]");
}

#[test]
fn malformed_section_header_is_refused() {
    assert_edit_refused("[ports]", "[ports", "not a section header");
}

#[test]
fn missing_required_section_is_refused_at_the_end_of_the_file() {
    let (from, to) = (SMALL.find("[land]").unwrap_or_default(), SMALL.find("[sea-links]").unwrap_or_default());
    assert!(from < to);
    let text = format!("{}{}", &SMALL[..from], &SMALL[to..]);
    assert_refused(&text, text.lines().count(), "the [land] section is missing");
}

// ---- [map] -------------------------------------------------------------------------------

#[test]
fn map_unknown_key_is_refused() {
    assert_edit_refused("width = 1000", "breadth = 1000", "unknown key `breadth`");
}

#[test]
fn map_duplicate_key_is_refused() {
    assert_added_line_refused("width = 1000", "width = 1000\nwidth = 900", "appears twice");
}

#[test]
fn map_missing_key_is_refused_at_the_section_header() {
    assert_edit_refused_at("title = A Small Area Map", "", "[map]", "lacks the key `title`");
}

#[test]
fn map_line_without_equals_is_refused() {
    assert_edit_refused("width = 1000", "width 1000", "key = value");
}

#[test]
fn map_key_without_value_is_refused() {
    assert_edit_refused("width = 1000", "width =", "has no value");
}

#[test]
fn map_bad_game_id_is_refused() {
    assert_edit_refused("game = test", "game = Test Game", "lower-case");
}

#[test]
fn map_bad_extent_is_refused() {
    assert_edit_refused("height = 800", "height = 0", "height `0` is not a whole number");
    assert_edit_refused("height = 800", "height = tall", "not a whole number");
}

// ---- [nations] ---------------------------------------------------------------------------

#[test]
fn nation_duplicate_id_is_refused() {
    assert_added_line_refused("alpha    major", "alpha    major  capital  Alpha\nalpha    major", "two nations");
}

#[test]
fn nation_bad_id_is_refused() {
    assert_edit_refused("beta     minor", "Beta     minor", "nation id `Beta`");
}

#[test]
fn nation_unknown_kind_is_refused() {
    assert_edit_refused("beta     minor", "beta     lesser", "`major` or `minor`");
}

#[test]
fn nation_without_capital_is_refused() {
    assert_edit_refused("beta     minor  harbour", "beta     minor  -", "has no capital");
}

#[test]
fn nation_without_name_is_refused() {
    assert_edit_refused("beta     minor  harbour  Duchy of Beta", "beta     minor  harbour", "the name is missing");
}

#[test]
fn nation_capital_unknown_is_refused() {
    assert_edit_refused("beta     minor  harbour", "beta     minor  harbor", "capital `harbor` is not an area");
}

#[test]
fn nation_capital_in_another_nation_is_refused() {
    assert_edit_refused("beta     minor  harbour", "beta     minor  fort", "capital fort is alpha's land");
}

#[test]
fn nation_capital_outside_a_home_province_is_refused() {
    assert_edit_refused("alpha    major  capital", "alpha    major  isle", "which is not `home`");
}

#[test]
fn nation_capital_without_city_is_refused() {
    assert_edit_refused("alpha    major  capital", "alpha    major  woods", "capital area woods has no city");
}

#[test]
fn nation_without_provinces_is_refused() {
    assert_added_line_refused(
        "beta     minor",
        "beta     minor  harbour  Duchy of Beta\ngamma    minor  cape  Gamma",
        "no province",
    );
}

#[test]
fn nation_without_home_province_is_refused() {
    assert_edit_refused_at(
        "betaland    beta    home,polish",
        "betaland    beta    district,polish",
        "beta     minor",
        "none of its provinces is `home`",
    );
}

#[test]
fn minor_country_with_two_home_districts_is_refused() {
    assert_edit_refused_at(
        "outer-beta  beta    district",
        "outer-beta  beta    home",
        "beta     minor",
        "one `home` district",
    );
}

// ---- [provinces] -------------------------------------------------------------------------

#[test]
fn province_duplicate_id_is_refused() {
    assert_added_line_refused(
        "colony      alpha",
        "colony      alpha   held  isle  Colony\ncolony      alpha",
        "two provinces",
    );
}

#[test]
fn province_unknown_nation_is_refused() {
    assert_edit_refused("colony      alpha", "colony      gamma", "unknown nation `gamma`");
}

#[test]
fn province_without_status_is_refused() {
    assert_edit_refused("marches     alpha   home,border", "marches     alpha   border", "exactly one of");
}

#[test]
fn province_with_two_statuses_is_refused() {
    assert_edit_refused("marches     alpha   home,border", "marches     alpha   home,held", "exactly one of");
}

#[test]
fn province_held_by_a_minor_country_is_refused() {
    assert_edit_refused("outer-beta  beta    district", "outer-beta  beta    held", "not `held` provinces");
}

#[test]
fn district_of_a_major_power_is_refused() {
    assert_edit_refused("colony      alpha   held", "colony      alpha   district", "not `district`s");
}

#[test]
fn province_unknown_kind_is_refused() {
    assert_edit_refused(
        "marches     alpha   home,border",
        "marches     alpha   home,frontier",
        "unknown flag `frontier`",
    );
}

#[test]
fn province_repeated_kind_is_refused() {
    assert_edit_refused("marches     alpha   home,border", "marches     alpha   home,border,border", "given twice");
}

#[test]
fn province_without_areas_is_refused() {
    assert_added_line_refused(
        "colony      alpha",
        "colony      alpha   held  isle  Colony Isle\nempty   alpha   held  isle  Empty",
        "no area belongs to it",
    );
}

#[test]
fn province_capital_unknown_is_refused() {
    assert_edit_refused(
        "marches     alpha   home,border  fort",
        "marches     alpha   home,border  fortress",
        "capital `fortress` is not an area",
    );
}

#[test]
fn province_capital_outside_the_province_is_refused() {
    assert_edit_refused(
        "marches     alpha   home,border  fort",
        "marches     alpha   home,border  capital",
        "lies in province heartland",
    );
}

#[test]
fn province_capital_without_city_is_refused() {
    assert_edit_refused(
        "marches     alpha   home,border  fort",
        "marches     alpha   home,border  fen",
        "capital area fen has no city",
    );
}

// ---- [areas] -----------------------------------------------------------------------------

#[test]
fn area_duplicate_id_is_refused() {
    assert_edit_refused("isle       colony", "cape       colony", "two areas have the id `cape`");
}

#[test]
fn area_unknown_province_is_refused() {
    assert_edit_refused("isle       colony", "isle       colonies", "unknown province `colonies`");
}

#[test]
fn area_unknown_terrain_is_refused() {
    assert_edit_refused("fen        marches     marsh", "fen        marches     swamp", "unknown terrain `swamp`");
}

#[test]
fn area_bad_forage_value_is_refused() {
    assert_edit_refused(
        "fen        marches     marsh     1",
        "fen        marches     marsh     10",
        "forage value `10`",
    );
}

#[test]
fn area_unknown_flag_is_refused() {
    assert_edit_refused(
        "fen        marches     marsh     1       winter",
        "fen        marches     marsh     1       cold",
        "unknown flag `cold`",
    );
}

#[test]
fn area_label_outside_the_map_is_refused() {
    assert_edit_refused("700  600  Colony Isle", "700  900  Colony Isle", "y `900` is not a whole number 0-800");
}

#[test]
fn area_without_name_is_refused() {
    assert_edit_refused("700  600  Colony Isle", "700  600", "the name is missing");
}

// ---- [cities] ----------------------------------------------------------------------------

#[test]
fn city_in_unknown_area_is_refused() {
    assert_edit_refused("cape       1       -", "cap        1       -", "unknown area `cap`");
}

#[test]
fn second_city_in_an_area_is_refused() {
    assert_added_line_refused(
        "cape       1       -",
        "cape       1       -         Cape Town\ncape 1 - Other Town",
        "already has the city Cape Town",
    );
}

#[test]
fn city_bad_supply_value_is_refused() {
    assert_edit_refused("cape       1       -", "cape       0       -", "supply value `0`");
}

#[test]
fn city_unknown_flag_is_refused() {
    assert_edit_refused("cape       1       -", "cape       1       walled", "unknown flag `walled`");
}

// ---- [seas] ------------------------------------------------------------------------------

#[test]
fn sea_duplicate_id_is_refused() {
    assert_edit_refused("cold-bay    ice", "narrows     ice", "two sea zones have the id `narrows`");
}

#[test]
fn sea_with_a_land_area_id_is_refused() {
    assert_edit_refused("cold-bay    ice", "woods       ice", "already a land area's id");
}

#[test]
fn second_dardanelles_is_refused() {
    assert_edit_refused("cold-bay    ice", "cold-bay    ice,dardanelles", "already the Dardanelles");
}

#[test]
fn sea_unknown_flag_is_refused() {
    assert_edit_refused("cold-bay    ice", "cold-bay    frozen", "unknown flag `frozen`");
}

#[test]
fn sea_label_outside_the_map_is_refused() {
    assert_edit_refused("600  100  Cold Bay", "1600  100  Cold Bay", "x `1600`");
}

#[test]
fn sea_zone_cut_off_from_the_others_is_refused() {
    let text = edited(SMALL, "north-sea: cold-bay south-sea", "north-sea: south-sea");
    let text = edited(&text, "cold-bay: north-sea", "");
    assert_refused(&text, line_of(SMALL, "cold-bay    ice"), "sea zone cold-bay cannot be reached");
}

// ---- [coasts] ----------------------------------------------------------------------------

#[test]
fn coast_of_unknown_area_is_refused() {
    assert_edit_refused("isle: south-sea", "islet: south-sea", "unknown land area `islet`");
}

#[test]
fn coast_on_unknown_sea_is_refused() {
    assert_edit_refused("isle: south-sea", "isle: south-seas", "unknown sea zone `south-seas`");
}

#[test]
fn coast_sea_listed_twice_is_refused() {
    assert_edit_refused("isle: south-sea", "isle: south-sea south-sea", "listed twice");
}

#[test]
fn coast_without_seas_is_refused() {
    assert_edit_refused("isle: south-sea", "isle:", "lists no sea zones");
}

#[test]
fn coast_line_twice_is_refused() {
    assert_added_line_refused("isle: south-sea", "isle: south-sea\nisle: narrows", "second line");
}

#[test]
fn coast_line_without_colon_is_refused() {
    assert_edit_refused("isle: south-sea", "isle south-sea", "no colon");
}

// ---- [ports] -----------------------------------------------------------------------------

#[test]
fn port_without_city_is_refused() {
    assert_added_line_refused(
        "isle     5        south-sea",
        "isle     5        south-sea\nwoods 3 north-sea",
        "must be an area with a city",
    );
}

#[test]
fn port_not_coastal_is_refused() {
    assert_edit_refused("isle     5        south-sea", "isle     5        narrows", "which area isle does not touch");
}

#[test]
fn port_on_unknown_sea_is_refused() {
    assert_edit_refused("isle     5        south-sea", "isle     5        east-sea", "unknown sea zone `east-sea`");
}

#[test]
fn port_without_seas_is_refused() {
    assert_edit_refused("isle     5        south-sea", "isle     5", "opens on no sea zone");
}

#[test]
fn port_listed_twice_is_refused() {
    assert_added_line_refused(
        "isle     5        south-sea",
        "isle     5        south-sea\nisle 5 south-sea",
        "listed twice",
    );
}

#[test]
fn port_sea_listed_twice_is_refused() {
    assert_edit_refused("isle     5        south-sea", "isle     5        south-sea south-sea", "listed twice");
}

#[test]
fn port_bad_harbour_value_is_refused() {
    assert_edit_refused("isle     5        south-sea", "isle     500      south-sea", "harbour defence `500`");
}

// ---- [land] ------------------------------------------------------------------------------

#[test]
fn land_line_of_unknown_area_is_refused() {
    assert_edit_refused("isle: fen=south-sea?", "islet: fen=south-sea?", "unknown land area `islet`");
}

#[test]
fn land_line_of_a_sea_zone_is_refused() {
    assert_edit_refused("isle: fen=south-sea?", "narrows: fen", "it is a sea zone");
}

#[test]
fn land_unknown_neighbour_is_refused() {
    assert_edit_refused("woods: capital fort", "woods: capital fort forest", "unknown neighbour `forest`");
}

#[test]
fn area_adjacent_to_itself_is_refused() {
    assert_edit_refused("woods: capital fort", "woods: capital fort woods", "its own neighbour");
}

#[test]
fn duplicate_adjacency_is_refused() {
    assert_edit_refused("woods: capital fort", "woods: capital fort capital", "neighbour capital is listed twice");
}

#[test]
fn asymmetric_adjacency_is_refused() {
    assert_edit_refused_at("woods: capital fort", "woods: capital", "fort: capital~ woods fen", "but woods's line");
}

#[test]
fn crossing_differing_between_the_two_sides_is_refused() {
    assert_edit_refused_at(
        "fort: capital~ woods fen",
        "fort: capital woods fen",
        "capital: woods fort~",
        "a river (`~`) here",
    );
}

#[test]
fn land_line_twice_is_refused() {
    assert_added_line_refused("isle: fen=south-sea?", "isle: fen=south-sea?\nisle: fen=south-sea?", "second line");
}

#[test]
fn strait_across_unknown_sea_is_refused() {
    assert_edit_refused("cape: harbour=narrows", "cape: harbour=straits", "unknown sea zone `straits`");
}

#[test]
fn strait_across_a_sea_one_end_does_not_touch_is_refused() {
    assert_edit_refused("isle: fen=south-sea?", "isle: fen=narrows?", "which area isle does not touch");
}

#[test]
fn area_cut_off_from_the_mainland_is_refused() {
    let text =
        edited(SMALL, "cape       outer-beta  clear     2       island", "cape       outer-beta  clear     2       -");
    let text = edited(&text, "harbour: capital fen cape=narrows", "harbour: capital fen");
    let text = edited(&text, "cape: harbour=narrows", "cape:");
    assert_refused(&text, line_of(SMALL, "cape       outer-beta"), "area cape is cut off from the mainland");
}

#[test]
fn optional_arrow_does_not_join_an_island_to_the_mainland() {
    let text =
        edited(SMALL, "isle       colony      mountain  1       island", "isle       colony      mountain  1       -");
    assert_refused(&text, line_of(SMALL, "isle       colony"), "area isle is cut off");
}

#[test]
fn island_without_coast_is_refused() {
    let text =
        edited(SMALL, "woods      heartland   forest    3       -", "woods      heartland   forest    3       island");
    let text = edited(&text, "woods: north-sea cold-bay", "");
    let text = edited(&text, "north-sea: cold-bay south-sea", "north-sea: south-sea");
    let text = edited(&text, "cold-bay: north-sea", "");
    let text = edited(&text, "cold-bay    ice          600  100  Cold Bay", "");
    assert_refused(&text, line_of(SMALL, "woods      heartland"), "island woods touches no sea zone");
}

// ---- [sea-links] -------------------------------------------------------------------------

#[test]
fn sea_link_line_of_unknown_sea_is_refused() {
    assert_edit_refused("narrows: south-sea", "straits: south-sea", "unknown sea zone `straits`");
}

#[test]
fn sea_link_line_of_a_land_area_is_refused() {
    assert_edit_refused("narrows: south-sea", "harbour: south-sea", "it is a land area");
}

#[test]
fn sea_link_to_unknown_sea_is_refused() {
    assert_edit_refused("narrows: south-sea", "narrows: south-sea east-sea", "unknown sea zone `east-sea`");
}

#[test]
fn sea_linked_to_itself_is_refused() {
    assert_edit_refused("narrows: south-sea", "narrows: south-sea narrows", "linked to itself");
}

#[test]
fn sea_link_listed_twice_is_refused() {
    assert_edit_refused("narrows: south-sea", "narrows: south-sea south-sea", "listed twice");
}

#[test]
fn asymmetric_sea_link_is_refused() {
    assert_edit_refused("narrows: south-sea", "narrows: south-sea north-sea", "but north-sea's line");
}

// ---- [outlines] --------------------------------------------------------------------------

#[test]
fn outline_of_unknown_place_is_refused() {
    assert_edit_refused("capital: 150,150", "capitol: 150,150", "unknown area or sea zone `capitol`");
}

#[test]
fn outline_with_too_few_points_is_refused() {
    assert_edit_refused("north-sea: 0,0 1000,0 1000,100", "north-sea: 0,0 1000,0", "at least 3");
}

#[test]
fn outline_with_a_bad_point_is_refused() {
    assert_edit_refused("north-sea: 0,0 1000,0 1000,100", "north-sea: 0,0 1000;0 1000,100", "not a point x,y");
}

#[test]
fn outline_outside_the_map_is_refused() {
    assert_edit_refused("north-sea: 0,0 1000,0 1000,100", "north-sea: 0,0 1001,0 1000,100", "x `1001`");
}
