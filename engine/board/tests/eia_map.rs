//! The Empires in Arms map (engine/eia/data/map.txt, a reconstruction) loads, and agrees with
//! the facts the rule text states and with the political map of 1805.

use grognard_board::area::{Crossing, NationKind, ProvinceKind, Reach, Straits};
use grognard_board::AreaMap;
use std::collections::BTreeSet;

const EIA: &str = include_str!("../../eia/data/map.txt");

fn eia() -> AreaMap {
    AreaMap::parse(EIA).unwrap_or_else(|e| panic!("the EiA map is refused: {e}"))
}

fn nation_of(map: &AreaMap, area: &str) -> String {
    map.area(area).map(|a| a.nation.clone()).unwrap_or_else(|| panic!("no area {area}"))
}

#[test]
fn the_map_loads_at_the_intended_size() {
    let map = eia();
    assert_eq!(map.game, "eia");
    let areas = map.areas().count();
    let seas = map.seas().count();
    assert!((120..=210).contains(&areas), "{areas} land areas");
    assert!((20..=35).contains(&seas), "{seas} sea zones");
    assert!(map.source().contains("RECONSTRUCTION"));
}

#[test]
fn the_seven_major_powers_have_their_capitals() {
    let map = eia();
    let expected = [
        ("france", "Paris"),
        ("britain", "London"),
        ("spain", "Madrid"),
        ("austria", "Vienna"),
        ("prussia", "Berlin"),
        ("russia", "Saint Petersburg"),
        ("turkey", "Constantinople"),
    ];
    for (nation, city) in expected {
        assert_eq!(map.nation(nation).map(|n| n.kind), Some(NationKind::Major), "{nation}");
        let capital = map.capital(nation).unwrap_or_else(|| panic!("{nation} has no capital"));
        assert_eq!(map.city(&capital.id).map(|c| c.name.as_str()), Some(city), "{nation}");
        assert_eq!(map.province_of(&capital.id).map(|p| p.kind), Some(ProvinceKind::Home), "{nation}");
    }
    let majors: Vec<&str> = map.nations().filter(|n| n.kind == NationKind::Major).map(|n| n.id.as_str()).collect();
    assert_eq!(majors.len(), 7, "{majors:?}");
    assert!(map.city("moscow").is_some_and(|c| c.name == "Moscow" && c.supply == 5));
}

#[test]
fn the_minor_countries_of_1805_are_on_the_map() {
    let map = eia();
    let minors = [
        ("portugal", "Lisbon"),
        ("denmark", "Copenhagen"),
        ("sweden", "Stockholm"),
        ("holland", "Amsterdam"),
        ("switzerland", "Bern"),
        ("bavaria", "Munich"),
        ("saxony", "Dresden"),
        ("wurttemberg", "Stuttgart"),
        ("baden", "Karlsruhe"),
        ("hanover", "Hanover"),
        ("hesse-kassel", "Kassel"),
        ("kingdom-of-italy", "Milan"),
        ("papal-states", "Rome"),
        ("etruria", "Florence"),
        ("naples", "Naples"),
        ("sicily", "Palermo"),
        ("sardinia", "Cagliari"),
    ];
    for (nation, city) in minors {
        assert_eq!(map.nation(nation).map(|n| n.kind), Some(NationKind::Minor), "{nation}");
        let capital = map.capital(nation).unwrap_or_else(|| panic!("{nation} has no capital"));
        assert_eq!(map.city(&capital.id).map(|c| c.name.as_str()), Some(city), "{nation}");
    }
    // Norway and Finland are secondary districts (10.4) of Denmark and Sweden in 1805.
    assert_eq!(map.province("norway").map(|p| (p.nation.as_str(), p.kind)), Some(("denmark", ProvinceKind::District)));
    assert_eq!(map.province("finland").map(|p| (p.nation.as_str(), p.kind)), Some(("sweden", ProvinceKind::District)));
}

#[test]
fn areas_belong_to_their_nation_of_1805() {
    let map = eia();
    let owners = [
        ("paris", "france"),
        ("brussels", "france"),
        ("cologne", "france"),
        ("turin", "france"),
        ("genoa", "france"),
        ("venice", "austria"),
        ("dalmatia", "austria"),
        ("cracow", "austria"),
        ("tyrol", "austria"),
        ("warsaw", "prussia"),
        ("danzig", "prussia"),
        ("munster", "prussia"),
        ("ansbach", "prussia"),
        ("vilna", "russia"),
        ("crimea", "russia"),
        ("helsinki", "sweden"),
        ("stralsund", "sweden"),
        ("christiania", "denmark"),
        ("holstein", "denmark"),
        ("milan", "kingdom-of-italy"),
        ("dusseldorf", "bavaria"),
        ("salzburg", "salzburg"),
        ("wallachia", "turkey"),
        ("belgrade", "turkey"),
        ("morea", "turkey"),
        ("gibraltar", "britain"),
        ("malta", "britain"),
        ("dublin", "britain"),
    ];
    for (area, nation) in owners {
        assert_eq!(nation_of(&map, area), nation, "{area}");
    }
    // Annexed or occupied lands are held, outside the home nation.
    for province in ["piedmont", "belgium", "venetia", "gibraltar", "wallachia"] {
        assert_eq!(map.province(province).map(|p| p.kind), Some(ProvinceKind::Held), "{province}");
    }
}

#[test]
fn adjacency_is_symmetric_and_never_reflexive() {
    let map = eia();
    for area in map.areas() {
        for border in map.neighbours(&area.id) {
            assert_ne!(border.to, area.id);
            assert_eq!(map.crossing(&border.to, &area.id), Some(&border.crossing), "{} / {}", area.id, border.to);
        }
    }
    for sea in map.seas() {
        for other in map.sea_neighbours(&sea.id) {
            assert!(map.sea_neighbours(other).contains(&sea.id), "{} / {other}", sea.id);
        }
    }
}

#[test]
fn the_land_graph_is_connected_apart_from_islands() {
    let map = eia();
    let reached = map.distances("paris", Reach::LAND);
    let cut_off: Vec<&str> =
        map.areas().filter(|a| !reached.contains_key(a.id.as_str())).map(|a| a.id.as_str()).collect();
    for area in &cut_off {
        assert!(map.area(area).is_some_and(|a| a.island), "{area} is cut off but not an island");
    }
    // Great Britain is reached over land only by the optional Channel arrow (12.2.1.1);
    // Ireland, Corsica, Sardinia and Malta only by sea.
    assert!(cut_off.contains(&"london") && cut_off.contains(&"dublin") && cut_off.contains(&"malta"));
    let all_arrows = Reach { straits: Straits::All, sea: false };
    assert!(map.distance("paris", "london", all_arrows).is_some());
    assert_eq!(map.distance("paris", "dublin", all_arrows), None);
    assert!(map.distance("paris", "dublin", Reach::ANYWHERE).is_some());
    // Sicily and Zealand hang on standard arrows; Asia Minor on the Bosporus.
    for area in ["palermo", "copenhagen", "smyrna", "cairo", "fez"] {
        assert!(reached.contains_key(area), "{area}");
    }
    assert_eq!(map.distance("vienna", "constantinople", Reach::LAND_ONLY).map(|d| d > 3), Some(true));
    assert_eq!(map.distance("constantinople", "smyrna", Reach::LAND_ONLY), None);
}

#[test]
fn every_area_and_sea_zone_is_reachable_by_sea_or_land() {
    let map = eia();
    let reached = map.distances("paris", Reach::ANYWHERE);
    assert_eq!(reached.len(), map.areas().count() + map.seas().count());
}

#[test]
fn the_sea_crossing_arrows_of_the_text_exist() {
    let map = eia();
    let arrow = |a: &str, b: &str| map.crossing(a, b).cloned();
    let crossing = |sea: &str, optional: bool| Some(Crossing::Strait { sea: sea.to_string(), optional });
    // The optional Channel arrow (12.2.1.1) joins England and France across the Channel.
    let channel: Vec<(&str, &str)> = map
        .straits()
        .into_iter()
        .filter(|(_, _, c)| **c == Crossing::Strait { sea: "channel".to_string(), optional: true })
        .map(|(a, b, _)| (a, b))
        .collect();
    assert_eq!(channel.len(), 1);
    let (a, b) = channel[0];
    let nations: BTreeSet<String> = [nation_of(&map, a), nation_of(&map, b)].into_iter().collect();
    assert_eq!(nations, BTreeSet::from(["britain".to_string(), "france".to_string()]));
    // The optional Danish/Swedish arrows (12.2.1.2).
    assert_eq!(arrow("copenhagen", "scania"), crossing("western-baltic", true));
    assert_eq!((nation_of(&map, "copenhagen"), nation_of(&map, "scania")), ("denmark".into(), "sweden".into()));
    assert_eq!(arrow("stockholm", "abo"), crossing("gulf-of-bothnia", true));
    // Standard arrows (7.3.1.3.3): the Belts, Messina, the Bosporus.
    assert_eq!(arrow("jutland", "funen"), crossing("western-baltic", false));
    assert_eq!(arrow("funen", "copenhagen"), crossing("western-baltic", false));
    assert_eq!(arrow("calabria", "messina"), crossing("tyrrhenian-sea", false));
    assert_eq!(arrow("constantinople", "bithynia"), crossing("dardanelles", false));
    // Every arrow's sea zone touches both ends.
    for (a, b, c) in map.straits() {
        let sea = c.strait_sea().unwrap_or_default();
        assert!(map.coastal_seas(a).iter().any(|s| s == sea) && map.coastal_seas(b).iter().any(|s| s == sea));
    }
}

#[test]
fn the_dardanelles_and_the_ice_line() {
    let map = eia();
    // Constantinople guards the Dardanelles sea zone (6.2.1.3, 10.7), which joins the Aegean
    // to the Black Sea.
    let dardanelles = map.dardanelles().map(|s| s.id.as_str());
    assert_eq!(dardanelles, Some("dardanelles"));
    assert!(map.coastal_seas("constantinople").iter().any(|s| s == "dardanelles"));
    assert!(map.port("constantinople").is_some_and(|p| p.seas.iter().any(|s| s == "dardanelles")));
    assert_eq!(map.sea_neighbours("dardanelles"), ["aegean-sea", "western-black-sea"]);
    assert_eq!(map.seas().filter(|s| s.dardanelles).count(), 1);
    // Without the Dardanelles, the Black Sea cannot be reached from the Mediterranean.
    let ice: Vec<&str> = map.seas().filter(|s| s.ice).map(|s| s.id.as_str()).collect();
    assert_eq!(ice, ["gulf-of-bothnia", "gulf-of-finland"]);
}

#[test]
fn every_port_opens_on_a_sea_zone_its_area_touches() {
    let map = eia();
    assert!(map.ports().count() >= 60, "{} ports", map.ports().count());
    for port in map.ports() {
        assert!(!port.seas.is_empty(), "{}", port.area);
        assert!(map.city(&port.area).is_some(), "{}", port.area);
        for sea in &port.seas {
            assert!(map.coastal_seas(&port.area).contains(sea), "{} / {sea}", port.area);
        }
    }
    for sea in map.seas() {
        assert!(!map.shore(&sea.id).is_empty(), "{} touches no land", sea.id);
    }
    for (area, sea) in [
        ("brest", "bay-of-biscay"),
        ("toulon", "gulf-of-lion"),
        ("portsmouth", "channel"),
        ("cadiz", "gulf-of-cadiz"),
        ("gibraltar", "strait-of-gibraltar"),
        ("malta", "strait-of-sicily"),
        ("copenhagen", "western-baltic"),
        ("st-petersburg", "gulf-of-finland"),
        ("crimea", "western-black-sea"),
        ("venice", "northern-adriatic"),
    ] {
        assert!(map.port(area).is_some_and(|p| p.seas.iter().any(|s| s == sea)), "{area} on {sea}");
    }
}

#[test]
fn the_fortresses_named_in_the_brief_are_fortress_cities() {
    let map = eia();
    for (area, city) in [
        ("gibraltar", "Gibraltar"),
        ("malta", "Valletta"),
        ("mantua", "Mantua"),
        ("magdeburg", "Magdeburg"),
        ("danzig", "Danzig"),
        ("copenhagen", "Copenhagen"),
    ] {
        let found = map.city(area).unwrap_or_else(|| panic!("no city in {area}"));
        assert_eq!(found.name, city);
        assert!(found.fortress, "{city}");
    }
}

#[test]
fn the_places_the_rule_text_names_are_on_the_map() {
    let map = eia();
    // Constantinople and the Dardanelles sea area (6.2.1.3, 6.3.5.1.2, 7.4.3.3, 10.7).
    assert_eq!(map.city("constantinople").map(|c| c.name.as_str()), Some("Constantinople"));
    assert!(map.sea("dardanelles").is_some_and(|s| s.dardanelles));
    // The Tyrolian revolt corps (10.1.5).
    assert_eq!(nation_of(&map, "tyrol"), "austria");
    // The Kingdom of Westphalia (11.3) is formed from Westphalian and Hessian lands.
    assert_eq!(map.province("westphalia").map(|p| p.nation.as_str()), Some("prussia"));
    assert!(map.nation("hesse-kassel").is_some());
    // The Kingdom of Bavaria (11.4) and the Kingdom of Italy (11.2).
    assert!(map.nation("bavaria").is_some() && map.nation("kingdom-of-italy").is_some());
    // Poland, the Grand Duchy of Warsaw (11.1): Polish provinces in the three partitioning powers.
    let polish: BTreeSet<&str> = map.provinces().filter(|p| p.polish).map(|p| p.nation.as_str()).collect();
    assert_eq!(polish, BTreeSet::from(["austria", "prussia", "russia"]));
    assert!(map.province_of("warsaw").is_some_and(|p| p.polish));
    // The Kingdom of the Two Sicilies (11.7): Naples and Sicily, two crowns in 1805.
    assert!(map.nation("naples").is_some() && map.nation("sicily").is_some());
    // The Confederation of the Rhine (11.5): the Rhine runs as a river border.
    assert_eq!(map.crossing("alsace", "karlsruhe"), Some(&Crossing::River));
    assert_eq!(map.crossing("cologne", "dusseldorf"), Some(&Crossing::River));
    // Austrian border provinces for insurrection corps (5.2.2.2.1, 10.1.4).
    assert!(map.province("hungary").is_some_and(|p| p.border && p.nation == "austria"));
    // North Africa and Asia (1.1).
    assert!(map.area("cairo").is_some() && map.area("smyrna").is_some() && map.area("algiers").is_some());
}

#[test]
fn terrain_forage_and_winter_are_plausible() {
    let map = eia();
    use grognard_board::area::AreaTerrain;
    for terrain in AreaTerrain::ALL {
        assert!(map.areas().any(|a| a.terrain == terrain), "no {terrain} area");
    }
    assert_eq!(map.area("polesia").map(|a| a.terrain.entry_cost()), Some(2));
    assert_eq!(map.area("tyrol").map(|a| a.terrain), Some(AreaTerrain::Mountain));
    assert!(map.areas().all(|a| (1..=6).contains(&a.forage)));
    for area in ["moscow", "warsaw", "st-petersburg", "stockholm"] {
        assert!(map.area(area).is_some_and(|a| a.winter), "{area} should be in the winter zone");
    }
    for area in ["paris", "madrid", "vienna", "constantinople", "naples"] {
        assert!(map.area(area).is_some_and(|a| !a.winter), "{area} should not be in the winter zone");
    }
    assert!(map.cities().all(|c| (1..=5).contains(&c.supply)));
}

#[test]
fn distances_in_areas_are_plausible() {
    let map = eia();
    let land = |a: &str, b: &str| map.distance(a, b, Reach::LAND).unwrap_or(u32::MAX);
    assert!((3..=7).contains(&land("paris", "vienna")), "{}", land("paris", "vienna"));
    assert!((6..=12).contains(&land("paris", "moscow")), "{}", land("paris", "moscow"));
    assert!((1..=3).contains(&land("berlin", "dresden")));
    assert!((2..=3).contains(&land("madrid", "lisbon")));
}
