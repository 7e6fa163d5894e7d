//! What an accepted area map answers: nations, provinces, areas, borders, coasts, ports,
//! sea links, distances and paths, drawing points, and serialization.

mod area_support;

use area_support::{parse_ok, SMALL};
use grognard_board::area::{AreaTerrain, Crossing, NationKind, Point, ProvinceKind, Reach, Straits};
use grognard_board::AreaMap;

fn small() -> AreaMap {
    parse_ok(SMALL)
}

fn ids<'a>(items: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    items.into_iter().collect()
}

#[test]
fn header_is_read() {
    let map = small();
    assert_eq!((map.game.as_str(), map.title.as_str()), ("test", "A Small Area Map"));
    assert_eq!((map.width, map.height), (1000, 800));
}

#[test]
fn nations_have_their_capitals() {
    let map = small();
    let alpha = map.nation("alpha").expect("alpha");
    assert_eq!(alpha.kind, NationKind::Major);
    assert_eq!(alpha.name, "Kingdom of Alpha");
    assert_eq!(map.capital("alpha").map(|a| a.id.as_str()), Some("capital"));
    assert_eq!(map.capital("beta").map(|a| a.id.as_str()), Some("harbour"));
    assert!(map.is_capital("harbour"));
    assert!(!map.is_capital("fort"));
    assert_eq!(ids(map.nations().map(|n| n.id.as_str())), ["alpha", "beta"]);
    assert_eq!(map.capital("gamma"), None);
}

#[test]
fn provinces_and_districts_are_read() {
    let map = small();
    let marches = map.province("marches").expect("marches");
    assert_eq!((marches.kind, marches.border, marches.polish), (ProvinceKind::Home, true, false));
    assert_eq!(map.province("colony").map(|p| p.kind), Some(ProvinceKind::Held));
    assert_eq!(map.province("outer-beta").map(|p| p.kind), Some(ProvinceKind::District));
    assert!(map.province("betaland").is_some_and(|p| p.polish));
    assert_eq!(ids(map.provinces_of("beta").into_iter().map(|p| p.id.as_str())), ["betaland", "outer-beta"]);
    assert_eq!(map.province_of("fen").map(|p| p.id.as_str()), Some("marches"));
    assert_eq!(map.nation_of("cape").map(|n| n.id.as_str()), Some("beta"));
}

#[test]
fn areas_are_read_with_terrain_forage_and_flags() {
    let map = small();
    let fen = map.area("fen").expect("fen");
    assert_eq!((fen.terrain, fen.forage, fen.winter, fen.island), (AreaTerrain::Marsh, 1, true, false));
    assert_eq!(fen.nation, "alpha");
    assert_eq!(fen.label, Point { x: 350, y: 350 });
    assert!(map.area("isle").is_some_and(|a| a.island));
    assert_eq!(
        ids(map.areas_of("alpha").into_iter().map(|a| a.id.as_str())),
        ["capital", "fen", "fort", "isle", "woods"]
    );
    assert_eq!(ids(map.areas_of_province("heartland").into_iter().map(|a| a.id.as_str())), ["capital", "woods"]);
    assert_eq!(map.areas().count(), 7);
}

#[test]
fn cities_have_supply_and_capacity() {
    let map = small();
    let city = map.city("capital").expect("a city");
    assert_eq!((city.name.as_str(), city.supply, city.fortress), ("Capital City", 4, false));
    assert_eq!(city.garrison_capacity(), 20);
    assert!(map.city("fort").is_some_and(|c| c.fortress));
    assert!(map.city("woods").is_none());
    assert_eq!(map.cities().count(), 5);
}

#[test]
fn borders_carry_their_crossings() {
    let map = small();
    let around: Vec<(&str, &Crossing)> =
        map.neighbours("capital").iter().map(|b| (b.to.as_str(), &b.crossing)).collect();
    assert_eq!(
        around,
        [
            ("fen", &Crossing::None),
            ("fort", &Crossing::River),
            ("harbour", &Crossing::None),
            ("woods", &Crossing::None)
        ]
    );
    assert_eq!(map.crossing("fort", "capital"), Some(&Crossing::River));
    assert_eq!(map.crossing("woods", "fen"), None);
    let arrow = Crossing::Strait { sea: "narrows".to_string(), optional: false };
    assert_eq!(map.crossing("cape", "harbour"), Some(&arrow));
    assert_eq!(arrow.strait_sea(), Some("narrows"));
    let straits: Vec<(&str, &str, bool)> = map
        .straits()
        .into_iter()
        .map(|(a, b, c)| (a, b, matches!(c, Crossing::Strait { optional: true, .. })))
        .collect();
    assert_eq!(straits, [("cape", "harbour", false), ("fen", "isle", true)]);
    assert!(map.neighbours("nowhere").is_empty());
}

#[test]
fn coasts_shores_and_ports_are_read() {
    let map = small();
    assert_eq!(map.coastal_seas("harbour"), ["narrows", "south-sea"]);
    assert!(map.coastal_seas("capital").is_empty());
    assert!(map.is_coastal("woods") && !map.is_coastal("fort"));
    assert_eq!(map.shore("south-sea"), ["cape", "fen", "harbour", "isle"]);
    let port = map.port("harbour").expect("a port");
    assert_eq!((port.harbour, port.seas.as_slice()), (10, ["narrows".to_string(), "south-sea".to_string()].as_slice()));
    assert_eq!(ids(map.ports_on("south-sea").into_iter().map(|p| p.area.as_str())), ["harbour", "isle"]);
    assert!(map.ports_on("north-sea").is_empty());
    assert_eq!(map.ports().count(), 2);
}

#[test]
fn sea_zones_links_and_flags_are_read() {
    let map = small();
    assert_eq!(map.sea_neighbours("south-sea"), ["narrows", "north-sea"]);
    assert!(map.sea("cold-bay").is_some_and(|s| s.ice && !s.dardanelles));
    assert_eq!(map.dardanelles().map(|s| s.id.as_str()), Some("narrows"));
    assert_eq!(map.seas().count(), 4);
}

#[test]
fn distances_respect_the_reach() {
    let map = small();
    assert_eq!(map.distance("woods", "harbour", Reach::LAND), Some(2));
    assert_eq!(map.distance("woods", "cape", Reach::LAND), Some(3));
    assert_eq!(map.distance("woods", "cape", Reach::LAND_ONLY), None);
    assert_eq!(map.distance("fort", "isle", Reach::LAND), None);
    let with_optional = Reach { straits: Straits::All, sea: false };
    assert_eq!(map.distance("fort", "isle", with_optional), Some(2));
    assert_eq!(map.distance("woods", "isle", Reach::ANYWHERE), Some(3));
    assert_eq!(map.distance("woods", "cold-bay", Reach::ANYWHERE), Some(1));
    assert_eq!(map.distance("woods", "cold-bay", Reach::LAND), None);
    assert_eq!(map.distance("nowhere", "woods", Reach::ANYWHERE), None);
    let all = map.distances("capital", Reach::LAND);
    assert_eq!(all.get("capital"), Some(&0));
    assert_eq!(all.len(), 6);
    assert!(!all.contains_key("isle"));
}

#[test]
fn paths_are_shortest_and_deterministic() {
    let map = small();
    assert_eq!(map.path("woods", "cape", Reach::LAND), Some(vec!["woods", "capital", "harbour", "cape"]));
    assert_eq!(map.path("woods", "woods", Reach::LAND), Some(vec!["woods"]));
    assert_eq!(map.path("woods", "isle", Reach::ANYWHERE), Some(vec!["woods", "capital", "fen", "isle"]));
    let by_sea = Reach { straits: Straits::Standard, sea: true };
    assert_eq!(map.path("woods", "isle", by_sea), Some(vec!["woods", "north-sea", "south-sea", "isle"]));
    assert_eq!(map.path("woods", "isle", Reach::LAND), None);
    assert_eq!(map.steps("narrows", Reach::ANYWHERE), ["cape", "harbour", "south-sea"]);
    assert!(map.steps("narrows", Reach::LAND).is_empty());
}

#[test]
fn labels_and_outlines_are_read() {
    let map = small();
    assert_eq!(map.label("north-sea"), Some(Point { x: 500, y: 50 }));
    assert_eq!(map.label("capital"), Some(Point { x: 200, y: 200 }));
    assert_eq!(map.outline("capital").map(<[Point]>::len), Some(4));
    assert_eq!(map.outline("woods"), None);
}

#[test]
fn a_map_serializes_as_its_text_and_reads_back() {
    let map = small();
    let json = serde_json::to_string(&map).expect("serializes");
    let back: AreaMap = serde_json::from_str(&json).expect("reads back");
    assert_eq!(back, map);
    assert_eq!(back.source(), SMALL);
    let broken = serde_json::to_string("[map]\n").expect("a string");
    assert!(serde_json::from_str::<AreaMap>(&broken).is_err());
}
