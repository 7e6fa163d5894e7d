//! What each section of a valid map file yields through the `Map` queries.

mod common;

use common::{h, parse_ok, SMALL, SVEABORG};
use grognard_board::{Barrier, HexId, North, Terrain, WaterKind};

#[test]
fn map_section_gives_game_title_extent_and_north() {
    let map = parse_ok(SMALL);
    assert_eq!(map.game, "test");
    assert_eq!(map.title, "A Small Test Map");
    assert_eq!(map.cols, (1, 6));
    assert_eq!(map.rows, (1, 6));
    assert_eq!(map.north, North::Up);
    assert_eq!(parse_ok(SVEABORG).north, North::Right);
    assert_eq!(map.source(), SMALL);
}

#[test]
fn terrain_codes_give_land_water_and_off_map_hexes() {
    let map = parse_ok(SMALL);
    let sea = map.water_by_name("Northern Sea").expect("sea declared");
    let lake = map.water_by_name("Lake Lacus").expect("lake declared");
    assert_eq!(map.terrain(h("0102")), Some(Terrain::Clear));
    assert_eq!(map.terrain(h("0302")), Some(Terrain::Forest));
    assert_eq!(map.terrain(h("0304")), Some(Terrain::Swamp));
    assert_eq!(map.terrain(h("0504")), Some(Terrain::MudFlat));
    assert_eq!(map.terrain(h("0203")), Some(Terrain::Hills));
    assert_eq!(map.terrain(h("0603")), Some(Terrain::Desert));
    assert_eq!(map.terrain(h("0101")), Some(Terrain::Water(sea)));
    assert_eq!(map.terrain(h("0403")), Some(Terrain::Water(lake)));
    assert_eq!(map.terrain(h("0602")), None, "`.` is not on the map");
    assert_eq!(map.terrain(h("0701")), None, "outside the declared columns");
    assert!(map.on_map(h("0101")) && !map.is_land(h("0101")));
    assert!(!map.on_map(h("0106")) && !map.is_land(h("0106")));
    assert!(map.is_land(h("0601")));
}

#[test]
fn hexes_and_land_hexes_are_ascending_and_complete() {
    let map = parse_ok(SMALL);
    let all: Vec<HexId> = map.hexes().collect();
    assert_eq!(all.len(), 36 - 2);
    assert!(all.windows(2).all(|p| p[0] < p[1]));
    let land: Vec<HexId> = map.land_hexes().collect();
    assert_eq!(land.len(), 34 - 5 - 1, "five sea hexes and one lake hex");
    assert!(land.windows(2).all(|p| p[0] < p[1]));
    assert!(land.iter().all(|x| map.is_land(*x)));
}

#[test]
fn codes_section_declares_water_bodies_in_order() {
    let map = parse_ok(SMALL);
    let bodies: Vec<(char, &str, WaterKind)> = map.waters().map(|(_, w)| (w.code, w.name.as_str(), w.kind)).collect();
    assert_eq!(bodies, [('M', "Northern Sea", WaterKind::Sea), ('L', "Lake Lacus", WaterKind::Lake)]);
    let lake = map.water_by_name("Lake Lacus").expect("lake declared");
    assert_eq!(map.water(lake).code, 'L');
    assert_eq!(map.water_by_name("Atlantic"), None);
    assert_eq!(map.water_hexes(lake), [h("0403")]);
    let sea = map.water_by_name("Northern Sea").expect("sea declared");
    assert_eq!(map.water_hexes(sea), [h("0101"), h("0201"), h("0301"), h("0401"), h("0501")]);
}

#[test]
fn coast_and_shores_come_from_adjacent_water_hexes() {
    let map = parse_ok(SMALL);
    let sea = map.water_by_name("Northern Sea").expect("sea declared");
    let lake = map.water_by_name("Lake Lacus").expect("lake declared");
    assert!(map.is_coastal(h("0102")));
    assert!(map.is_coastal(h("0402")), "0402 touches sea and lake hexes");
    assert!(!map.is_coastal(h("0303")), "a lake shore is not coastal");
    assert!(!map.is_coastal(h("0101")), "a sea hex is not a coastal land hex");
    assert_eq!(map.shore_of(h("0303")), [lake]);
    assert_eq!(map.shore_of(h("0402")), [sea, lake]);
    assert_eq!(map.shore_of(h("0101")), []);
    assert_eq!(map.shore_of(h("0305")), []);
    assert_eq!(map.adjacent_water(h("0402")), [h("0301"), h("0401"), h("0403"), h("0501")]);
    assert_eq!(map.adjacent_water(h("0305")), []);
}

#[test]
fn hexsides_carry_barrier_name_border_and_road() {
    let map = parse_ok(SMALL);
    let river = map.hexside(h("0304"), h("0204"));
    assert_eq!(river.barrier, Some(Barrier::River));
    assert_eq!(river.name.as_deref(), Some("Aqua"));
    assert_eq!(river.border, None);
    assert!(river.road, "Via Prima crosses the Aqua between 0204 and 0304");
    let unbridged = map.hexside(h("0205"), h("0305"));
    assert_eq!(unbridged.barrier, Some(Barrier::River));
    assert!(!unbridged.road);
    assert_eq!(map.hexside(h("0502"), h("0503")).barrier, Some(Barrier::Canal));
    assert_eq!(map.hexside(h("0502"), h("0503")).name.as_deref(), Some("Fossa"));
    assert_eq!(map.hexside(h("0104"), h("0204")).barrier, Some(Barrier::Lake));
    assert_eq!(map.hexside(h("0104"), h("0204")).name, None);
    assert_eq!(map.hexside(h("0606"), h("0605")).barrier, Some(Barrier::Wadi));
    let border = map.hexside(h("0404"), h("0304"));
    assert_eq!(border.border.as_deref(), Some("West/East"));
    assert_eq!(border.barrier, None);
    assert!(border.road);
    let plain = map.hexside(h("0202"), h("0203"));
    assert_eq!((plain.barrier, plain.border.clone(), plain.road), (None, None, true));
    let nothing = map.hexside(h("0502"), h("0602"));
    assert_eq!(nothing, Default::default());
    assert_eq!(map.hexside(h("0102"), h("0505")), Default::default(), "not adjacent");
}

#[test]
fn hexsides_iterator_lists_every_listed_hexside_once_ascending() {
    let map = parse_ok(SMALL);
    let listed: Vec<_> = map.hexsides().collect();
    assert_eq!(listed.len(), 5 + 1 + 1 + 1 + 9);
    assert!(listed.windows(2).all(|p| p[0].0 < p[1].0));
    let (side, info) = &listed[0];
    assert_eq!(side.to_string(), "0104/0204");
    assert_eq!(info.barrier, Some(Barrier::Lake));
    assert!(listed.iter().any(|(s, i)| s.to_string() == "0204/0304" && i.road && i.name.as_deref() == Some("Aqua")));
}

#[test]
fn roads_run_along_consecutive_hexes_only() {
    let map = parse_ok(SMALL);
    assert_eq!(map.roads().len(), 1);
    assert_eq!(map.roads()[0].name, "Via Prima");
    assert_eq!(map.roads()[0].hexes.len(), 8);
    assert!(map.is_road_hex(h("0102")) && map.is_road_hex(h("0505")));
    assert!(!map.is_road_hex(h("0303")));
    assert!(map.road_between(h("0102"), h("0202")));
    assert!(map.road_between(h("0202"), h("0102")), "either direction");
    assert!(!map.road_between(h("0202"), h("0204")), "not adjacent");
    assert!(!map.road_between(h("0203"), h("0304")), "adjacent road hexes, but not consecutive on the road");
}

#[test]
fn locales_give_kinds_and_vp_ascending_by_hex() {
    let map = parse_ok(SMALL);
    let portus = map.locale(h("0102")).expect("Portus");
    assert_eq!(portus.name, "Portus");
    assert_eq!(portus.vp, 2);
    assert!(portus.city && portus.port && portus.fortress && !portus.town && !portus.ruins);
    let ruina = map.locale(h("0505")).expect("Ruina");
    assert!(ruina.ruins && !ruina.city && ruina.vp == 0);
    assert!(map.locale(h("0202")).is_none());
    let names: Vec<&str> = map.locales().map(|l| l.name.as_str()).collect();
    assert_eq!(names, ["Portus", "Oppidum", "Castellum", "Ruina"]);
    assert_eq!(map.locales().map(|l| l.vp as u32).sum::<u32>(), 4);
}

#[test]
fn regions_flood_from_seeds_and_stop_at_borders() {
    let map = parse_ok(SMALL);
    assert_eq!(map.regions(), ["West", "East"]);
    assert_eq!(map.region(h("0306")), Some("West"));
    assert_eq!(map.region(h("0406")), Some("East"));
    assert_eq!(map.region(h("0601")), Some("East"), "the island is its own seed");
    assert_eq!(map.region(h("0403")), None, "water has no region");
    assert_eq!(map.region(h("0106")), None, "off the map");
    let west = map.region_hexes("West");
    let east = map.region_hexes("East");
    assert_eq!(west.len() + east.len(), map.land_hexes().count());
    assert!(west.iter().all(|x| x.col() <= 3));
    assert!(east.iter().all(|x| x.col() >= 4));
    assert!(map.region_hexes("North").is_empty());
}

#[test]
fn boxes_give_properties_and_entry_hexes() {
    let map = parse_ok(SMALL);
    assert_eq!(map.boxes().len(), 2);
    let far = map.box_by_id("far-east").expect("far-east box");
    assert_eq!(far.name, "Far East");
    assert!(far.port && far.supply && !far.river);
    assert_eq!(far.entry, [h("0603"), h("0604")]);
    let naval = map.box_by_id("naval").expect("naval box");
    assert!(naval.port && !naval.supply && naval.entry.is_empty());
    assert!(map.box_by_id("nowhere").is_none());
}

#[test]
fn sources_list_each_sides_hexes() {
    let map = parse_ok(SMALL);
    assert_eq!(map.source_sides(), ["east", "west"]);
    assert_eq!(map.sources("west"), [h("0102")]);
    assert_eq!(map.sources("east"), [h("0505"), h("0603")]);
    assert!(map.sources("north").is_empty());
}

#[test]
fn rule_13_1_landward_neighbours_of_island_fortress_skip_sea_hexsides_and_water() {
    let map = parse_ok(SVEABORG);
    assert_eq!(map.hexside(h("1210"), h("1309")).barrier, Some(Barrier::Channel));
    assert_eq!(map.hexside(h("1209"), h("1210")).barrier, Some(Barrier::Sea));
    assert_eq!(map.landward_neighbours(h("1210")), [h("1309")]);
    assert_eq!(map.region(h("1210")), Some("Finland"), "a channel does not stop a region");
}

#[test]
fn rule_13_1_landward_neighbours_on_open_land_are_all_land_neighbours() {
    let map = parse_ok(SMALL);
    assert_eq!(map.landward_neighbours(h("0304")), [h("0303"), h("0404"), h("0405"), h("0305"), h("0205"), h("0204")]);
    assert_eq!(map.landward_neighbours(h("0102")), [h("0202"), h("0203"), h("0103")], "sea hexes are not landward");
    assert_eq!(map.landward_neighbours(h("0601")), [], "the island touches only sea and off-map hexes");
}

#[test]
fn comments_blank_lines_crlf_and_byte_order_mark_are_ignored() {
    let decorated = format!("\u{feff}# leading comment\r\n\r\n{}", SMALL.replace('\n', "  # trailing\r\n"));
    let map = parse_ok(&decorated);
    let plain = parse_ok(SMALL);
    assert_eq!(map.title, plain.title);
    assert_eq!(map.hexes().collect::<Vec<_>>(), plain.hexes().collect::<Vec<_>>());
    assert_eq!(map.locale(h("0303")).map(|l| l.name.as_str()), Some("Oppidum"));
}

#[test]
fn sections_may_come_in_any_order() {
    let start = SMALL.find("[codes]").unwrap_or_default();
    let end = SMALL.find("[hexsides]").unwrap_or_default();
    let codes = &SMALL[start..end];
    let reordered = format!("{}{}{codes}", &SMALL[..start], &SMALL[end..]);
    let map = parse_ok(&reordered);
    assert_eq!(map.water_by_name("Lake Lacus").map(|w| map.water(w).code), Some('L'));
}
