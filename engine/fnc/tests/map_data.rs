//! The generated maps (engine/fnc/data/{ec,rsw}/map.txt, made by tools/mapgen) against the
//! facts the FNC rules state about the two boards.

use grognard_board::{Barrier, HexId, Locale, Map, Terrain, WaterKind};
use std::collections::{BTreeSet, VecDeque};

fn ec() -> Map {
    Map::parse(include_str!("../data/ec/map.txt")).unwrap_or_else(|e| panic!("ec map.txt refused: {e}"))
}

fn rsw() -> Map {
    Map::parse(include_str!("../data/rsw/map.txt")).unwrap_or_else(|e| panic!("rsw map.txt refused: {e}"))
}

fn h(text: &str) -> HexId {
    HexId::parse(text).unwrap_or_else(|e| panic!("bad hex literal in a test: {e}"))
}

fn hexes(texts: &[&str]) -> Vec<HexId> {
    texts.iter().map(|t| h(t)).collect()
}

fn locale<'a>(map: &'a Map, hex: &str) -> &'a Locale {
    map.locale(h(hex)).unwrap_or_else(|| panic!("no locale in {hex}"))
}

fn locale_named<'a>(map: &'a Map, name: &str) -> &'a Locale {
    map.locales().find(|l| l.name == name).unwrap_or_else(|| panic!("no locale named {name}"))
}

fn vp_total(map: &Map, keep: impl Fn(&Locale) -> bool) -> u32 {
    map.locales().filter(|l| keep(l)).map(|l| u32::from(l.vp)).sum()
}

/// Land hexes reachable over land from `starts`, never across a sea hexside.
fn reachable(map: &Map, starts: &[HexId]) -> BTreeSet<HexId> {
    let mut seen: BTreeSet<HexId> = starts.iter().copied().collect();
    let mut queue: VecDeque<HexId> = starts.iter().copied().collect();
    while let Some(here) = queue.pop_front() {
        for next in map.landward_neighbours(here) {
            if seen.insert(next) {
                queue.push_back(next);
            }
        }
    }
    seen
}

fn all_sources(map: &Map) -> Vec<HexId> {
    map.source_sides().into_iter().flat_map(|side| map.sources(side).to_vec()).collect()
}

fn water_hexes(map: &Map, name: &str) -> Vec<HexId> {
    let id = map.water_by_name(name).unwrap_or_else(|| panic!("no body of water named {name}"));
    map.hexes().filter(|x| map.terrain(*x) == Some(Terrain::Water(id))).collect()
}

fn hexsides_named(map: &Map, barrier: Barrier, name: &str) -> usize {
    map.hexsides().filter(|(_, info)| info.barrier == Some(barrier) && info.name.as_deref() == Some(name)).count()
}

/// Every pair of adjacent land hexes in different regions is split by a border or sea hexside.
fn regions_are_closed(map: &Map) {
    for a in map.land_hexes() {
        for b in map.neighbours_on_map(a).into_iter().filter(|b| map.is_land(*b)) {
            if map.region(a) != map.region(b) {
                let side = map.hexside(a, b);
                assert!(side.border.is_some() || side.barrier == Some(Barrier::Sea), "{a}/{b} joins two regions");
            }
        }
    }
}

// ---- The Egyptian Campaign -------------------------------------------------------------------

#[test]
fn rule_12_5_alexandria_is_the_only_french_source() {
    let map = ec();
    assert_eq!(map.sources("french"), hexes(&["1127"]).as_slice());
    let alexandria = locale(&map, "1127");
    assert_eq!(alexandria.name, "Alexandria");
    assert!(alexandria.city && alexandria.port && alexandria.fortress);
    assert_eq!(alexandria.vp, 2, "14.2: Alexandria is worth two VP");
    assert!(map.is_coastal(h("1127")), "Alexandria is a Mediterranean port");
}

#[test]
fn rule_12_6_ottoman_sources_are_cairo_el_minya_jaffa_acre_and_damascus() {
    let map = ec();
    assert_eq!(map.sources("ottoman"), hexes(&["1444", "1833", "3623", "3718", "4213"]).as_slice());
    for (hex, name) in
        [("1833", "Cairo"), ("1444", "El Minya"), ("3623", "Jaffa"), ("3718", "Acre"), ("4213", "Damascus")]
    {
        assert_eq!(locale(&map, hex).name, name);
    }
    assert_eq!(map.source_sides(), ["french", "ottoman"]);
}

#[test]
fn rule_3_2_ottoman_garrison_hexes_are_fortresses() {
    let map = ec();
    for hex in ["3127", "3623", "3718", "4213"] {
        assert!(locale(&map, hex).fortress, "{hex} holds an Ottoman fortress garrison");
    }
}

#[test]
fn rule_3_1_french_start_hexes_are_land_around_alexandria() {
    let map = ec();
    for hex in ["1028", "1227"] {
        assert!(map.is_land(h(hex)), "{hex}");
        assert!(h(hex).is_adjacent(h("1127")), "{hex} touches Alexandria");
    }
}

#[test]
fn rule_14_1_locales_total_34_vp_three_french_and_31_ottoman() {
    let map = ec();
    let french_start = hexes(&["1028", "1127", "1227"]);
    assert_eq!(vp_total(&map, |_| true), 34);
    assert_eq!(vp_total(&map, |l| french_start.contains(&l.hex)), 3);
    assert_eq!(vp_total(&map, |l| !french_start.contains(&l.hex)), 31);
}

#[test]
fn rule_14_2_gaza_is_a_one_vp_locale() {
    assert_eq!(locale_named(&ec(), "Gaza").vp, 1);
}

#[test]
fn rule_14_3_ruins_are_zero_vp_locales_on_the_map() {
    let map = ec();
    let ruins: Vec<&Locale> = map.locales().filter(|l| l.ruins).collect();
    assert!(ruins.len() >= 5, "the SC needs ruins to loot");
}

#[test]
fn rule_8_6_anatolia_box_is_entered_through_four_north_edge_hexes_of_syria_palestine() {
    let map = ec();
    let anatolia = map.box_by_id("anatolia").unwrap_or_else(|| panic!("no anatolia box"));
    assert!(anatolia.port && anatolia.supply);
    assert_eq!(anatolia.entry.len(), 4);
    for hex in &anatolia.entry {
        assert_eq!(hex.row(), map.rows.0, "{hex} is on the north edge");
        assert_eq!(map.region(*hex), Some("Syria-Palestine"), "{hex}");
    }
}

#[test]
fn rule_8_6_upper_egypt_box_is_entered_through_fifteen_far_south_hexes_of_egypt() {
    let map = ec();
    let upper = map.box_by_id("upper-egypt").unwrap_or_else(|| panic!("no upper-egypt box"));
    assert!(upper.supply);
    assert_eq!(upper.entry.len(), 15);
    for hex in &upper.entry {
        assert_eq!(hex.row(), map.rows.1, "{hex} is on the south edge");
        assert_eq!(map.region(*hex), Some("Egypt"), "{hex}");
    }
}

#[test]
fn rule_10_4_gulfs_of_suez_and_aqaba_are_one_body_apart_from_the_mediterranean() {
    let map = ec();
    let gulfs = map.water_by_name("Gulfs of Suez and Aqaba").unwrap_or_else(|| panic!("no gulfs"));
    let med = map.water_by_name("Mediterranean").unwrap_or_else(|| panic!("no Mediterranean"));
    assert_eq!(map.water(gulfs).kind, WaterKind::Sea);
    assert_eq!(map.water(med).kind, WaterKind::Sea);
    for name in ["Suez", "Aqaba"] {
        let place = locale_named(&map, name);
        assert!(map.shore_of(place.hex).contains(&gulfs), "{name} lies on the gulfs");
    }
    for hex in water_hexes(&map, "Gulfs of Suez and Aqaba") {
        assert!(!map.adjacent_water(hex).iter().any(|w| map.terrain(*w) == Some(Terrain::Water(med))), "{hex}");
    }
    let shores: Vec<&str> = ["Suez", "Aqaba"].iter().filter_map(|n| map.region(locale_named(&map, n).hex)).collect();
    assert_eq!(shores, ["Egypt", "Syria-Palestine"], "one body of water on both sides of the Sinai");
}

#[test]
fn rule_9_14_nile_and_yussef_canal_are_named_water_hexsides() {
    let map = ec();
    assert!(hexsides_named(&map, Barrier::River, "Nile") >= 40, "the Nile with its delta branches");
    assert!(hexsides_named(&map, Barrier::Canal, "Yussef Canal") >= 5);
    for hex in ["1833", "1444"] {
        let on_nile = h(hex).neighbours().any(|(_, n)| map.hexside(h(hex), n).name.as_deref() == Some("Nile"));
        assert!(on_nile, "{hex} lies on the Nile");
    }
}

#[test]
fn rule_9_14_a_lake_touches_the_nile_or_the_yussef_canal() {
    let map = ec();
    let touching = map.land_hexes().any(|hex| {
        let sides: Vec<_> = hex.neighbours().map(|(_, n)| map.hexside(hex, n)).collect();
        sides.iter().any(|i| i.barrier == Some(Barrier::Lake))
            && sides.iter().any(|i| matches!(i.name.as_deref(), Some("Nile") | Some("Yussef Canal")))
    });
    assert!(touching, "RCLM runs on the Nile, the Yussef Canal and the lakes contiguous to them");
}

#[test]
fn rule_8_8_lakes_bourlos_and_menzoleh_are_lakes_with_land_shores() {
    let map = ec();
    for name in ["Lake Bourlos", "Lake Menzoleh"] {
        let id = map.water_by_name(name).unwrap_or_else(|| panic!("no {name}"));
        assert_eq!(map.water(id).kind, WaterKind::Lake);
        let shore = map.land_hexes().filter(|x| map.shore_of(*x).contains(&id)).count();
        assert!(shore > 0, "{name} has shore hexes");
    }
}

#[test]
fn rule_9_9_ec_terrain_has_desert_clear_hills_mud_flats_and_wadis() {
    let map = ec();
    for terrain in [Terrain::Desert, Terrain::Clear, Terrain::Hills, Terrain::MudFlat] {
        assert!(map.land_hexes().any(|x| map.terrain(x) == Some(terrain)), "{terrain:?}");
    }
    assert!(map.hexsides().any(|(_, info)| info.barrier == Some(Barrier::Wadi)));
    assert!(!map.roads().is_empty());
}

#[test]
fn rule_5_3_egypt_and_syria_palestine_are_regions_split_by_a_border() {
    let map = ec();
    assert_eq!(map.regions(), ["Egypt", "Syria-Palestine"]);
    for hex in ["1127", "1833", "1444"] {
        assert_eq!(map.region(h(hex)), Some("Egypt"), "{hex}");
    }
    for hex in ["3623", "3718", "4213"] {
        assert_eq!(map.region(h(hex)), Some("Syria-Palestine"), "{hex}");
    }
    assert!(map.hexsides().any(|(_, info)| info.border.as_deref() == Some("Egypt/Syria-Palestine")));
    regions_are_closed(&map);
}

#[test]
fn rule_12_1_every_ec_land_hex_is_reachable_from_a_supply_source() {
    let map = ec();
    let reached = reachable(&map, &all_sources(&map));
    let cut_off: Vec<HexId> = map.land_hexes().filter(|x| !reached.contains(x)).collect();
    assert!(cut_off.is_empty(), "cut off: {cut_off:?}");
}

// ---- Both games -----------------------------------------------------------------------------

#[test]
fn rule_10_3_every_port_lies_on_a_sea_shore() {
    for map in [ec(), rsw()] {
        for place in map.locales().filter(|l| l.port) {
            assert!(map.is_coastal(place.hex), "{}: port {} ({}) is not coastal", map.game, place.name, place.hex);
        }
    }
}

#[test]
fn rule_9_19_roads_run_over_land_and_reach_every_city() {
    for map in [ec(), rsw()] {
        for road in map.roads() {
            assert!(road.hexes.iter().all(|x| map.is_land(*x)), "{}: road {} leaves the land", map.game, road.name);
        }
        for place in map.locales().filter(|l| l.city) {
            assert!(map.is_road_hex(place.hex), "{}: city {} has no road", map.game, place.name);
        }
    }
}

// ---- The Russo-Swedish War -------------------------------------------------------------------

#[test]
fn rule_4_1_swedish_garrison_hexes_are_fortresses() {
    let map = rsw();
    for (hex, name) in
        [("1210", "Sveaborg"), ("1311", "Svartholma"), ("1708", "Hameenlina"), ("3510", "Oulu"), ("3808", "Tornia")]
    {
        let place = locale(&map, hex);
        assert_eq!(place.name, name);
        assert!(place.fortress, "{hex}");
    }
}

#[test]
fn rule_4_2_russian_garrison_hexes_are_fortresses() {
    let map = rsw();
    assert!(locale(&map, "1515").fortress && locale(&map, "1515").name == "Vyborg");
    assert!(locale(&map, "1318").fortress && locale(&map, "1318").name == "To St. Petersburg");
}

#[test]
fn rule_16_0_q6_sveaborg_is_reached_only_across_channel_1210_1309() {
    let map = rsw();
    assert_eq!(map.landward_neighbours(h("1210")), hexes(&["1309"]));
    assert_eq!(map.hexside(h("1210"), h("1309")).barrier, Some(Barrier::Channel));
    for hex in ["1209", "1310"] {
        let cut = !map.is_land(h(hex)) || map.hexside(h("1210"), h(hex)).barrier == Some(Barrier::Sea);
        assert!(cut, "{hex} must not touch Sveaborg by land");
    }
}

#[test]
fn rule_12_7_russian_sources_are_vyborg_and_to_st_petersburg() {
    assert_eq!(rsw().sources("russian"), hexes(&["1318", "1515"]).as_slice());
}

#[test]
fn rule_12_8_swedish_sources_are_sveaborg_tornia_oulu_and_hameenlina() {
    assert_eq!(rsw().sources("swedish"), hexes(&["1210", "1708", "3510", "3808"]).as_slice());
}

#[test]
fn rule_15_2_vyborg_is_worth_two_vp_and_hango_one() {
    let map = rsw();
    assert_eq!(locale(&map, "1515").vp, 2);
    assert_eq!(locale_named(&map, "Hango").vp, 1);
}

#[test]
fn rule_15_1_locales_total_37_vp_seven_russian_and_30_swedish() {
    let map = rsw();
    let region = |l: &Locale| map.region(l.hex).unwrap_or("");
    assert_eq!(vp_total(&map, |_| true), 37);
    assert_eq!(vp_total(&map, |l| region(l) == "Russia"), 7);
    assert_eq!(vp_total(&map, |l| region(l) == "Finland" || region(l) == "Aland Isles"), 30);
}

#[test]
fn rule_10_5_gulfs_of_finland_and_bothnia_are_separate_sea_bodies() {
    let map = rsw();
    let finland = map.water_by_name("Gulf of Finland").unwrap_or_else(|| panic!("no Gulf of Finland"));
    let bothnia = map.water_by_name("Gulf of Bothnia").unwrap_or_else(|| panic!("no Gulf of Bothnia"));
    assert_ne!(finland, bothnia);
    assert_eq!(map.water(finland).kind, WaterKind::Sea);
    assert_eq!(map.water(bothnia).kind, WaterKind::Sea);
    for hex in ["1210", "1515"] {
        assert!(map.shore_of(h(hex)).contains(&finland), "{hex} lies on the Gulf of Finland");
    }
    for hex in ["3510", "3808"] {
        assert!(map.shore_of(h(hex)).contains(&bothnia), "{hex} lies on the Gulf of Bothnia");
    }
}

#[test]
fn rule_9_18_lake_ladoga_is_a_lake_of_all_water_hexes() {
    let map = rsw();
    let ladoga = map.water_by_name("Lake Ladoga").unwrap_or_else(|| panic!("no Lake Ladoga"));
    assert_eq!(map.water(ladoga).kind, WaterKind::Lake);
    assert!(water_hexes(&map, "Lake Ladoga").len() >= 3);
}

#[test]
fn rule_9_15_finnish_lakes_give_lake_hexsides_and_lake_hexes() {
    let map = rsw();
    let lake_sides = map.hexsides().filter(|(_, info)| info.barrier == Some(Barrier::Lake)).count();
    assert!(lake_sides >= 10, "{lake_sides} lake hexsides");
    let lakes = map.waters().filter(|(_, w)| w.kind == WaterKind::Lake).count();
    assert!(lakes >= 3, "Ladoga and the Finnish lakes");
}

#[test]
fn rule_12_8_aland_isles_finland_and_russia_are_regions() {
    let map = rsw();
    assert_eq!(map.regions(), ["Aland Isles", "Finland", "Russia"]);
    assert_eq!(map.region(locale_named(&map, "Marienhamm").hex), Some("Aland Isles"));
    for hex in ["1210", "1311", "1708", "3510", "3808"] {
        assert_eq!(map.region(h(hex)), Some("Finland"), "{hex}");
    }
    for hex in ["1515", "1318"] {
        assert_eq!(map.region(h(hex)), Some("Russia"), "{hex}");
    }
    assert!(map.hexsides().any(|(_, info)| info.border.as_deref() == Some("Finland/Russia")));
    regions_are_closed(&map);
}

#[test]
fn rule_8_9_russian_box_is_entered_from_the_st_petersburg_side() {
    let map = rsw();
    let russian = map.box_by_id("russian").unwrap_or_else(|| panic!("no russian box"));
    assert!(russian.port && russian.supply);
    assert!(russian.entry.contains(&h("1318")), "the road to St Petersburg enters at 1318");
    for hex in &russian.entry {
        assert_eq!(map.region(*hex), Some("Russia"), "{hex}");
    }
}

#[test]
fn rule_8_10_swedish_box_is_a_port_reached_by_land_only_at_tornia() {
    let map = rsw();
    let swedish = map.box_by_id("swedish").unwrap_or_else(|| panic!("no swedish box"));
    assert!(swedish.port && swedish.supply);
    for hex in &swedish.entry {
        assert_eq!(map.region(*hex), Some("Finland"), "{hex}");
        assert!(hex.distance(h("3808")) <= 2, "{hex} is by Tornia");
    }
}

#[test]
fn rule_12_8_every_rsw_land_hex_is_reachable_or_on_the_aland_isles() {
    let map = rsw();
    let reached = reachable(&map, &all_sources(&map));
    let cut_off: Vec<HexId> =
        map.land_hexes().filter(|x| !reached.contains(x) && map.region(*x) != Some("Aland Isles")).collect();
    assert!(cut_off.is_empty(), "cut off: {cut_off:?}");
}

/// The hexes joined to `from` by roads alone (9.19).
fn by_road(map: &Map, from: HexId) -> BTreeSet<HexId> {
    let mut seen: BTreeSet<HexId> = [from].into();
    let mut queue: VecDeque<HexId> = [from].into();
    while let Some(here) = queue.pop_front() {
        for (_, next) in here.neighbours() {
            if map.road_between(here, next) && seen.insert(next) {
                queue.push_back(next);
            }
        }
    }
    seen
}

#[test]
fn rule_9_19_alexandria_joins_rosetta_damanhur_and_the_marabout_landing_by_road() {
    // The Alexandria - Aboukir - Rosetta coast track, the march to Damanhur between Lakes
    // Mareotis and Madieh, and the way from the Marabout landing (3.1's start hex 1028)
    // along the coastal ridge, with Lake Mareotis to the south.
    let map = ec();
    let roads = by_road(&map, h("1127"));
    assert_eq!(locale_named(&map, "Rosetta").hex, h("1427"));
    assert_eq!(locale_named(&map, "Damanhur").hex, h("1428"));
    for place in ["1427", "1428", "1028"] {
        assert!(roads.contains(&h(place)), "{place} is joined to Alexandria by road");
    }
    assert!(map.road_between(h("1028"), h("1127")), "one road hexside from 1028 into Alexandria");
}
