//! The picture of a game (`grognard show`, turn mails): an [`AreaBoardView`] of the map of
//! Europe with every corps, fleet, garrison and depot, tinted by who controls what.

use crate::ctx::Ctx;
use crate::power::Power;
use crate::state::{FleetPlace, State};
use grognard_board::{AreaBoardView, AreaLocation, AreaPieceView, Glyph, LegendEntry, SideView, TurnView};
use std::sync::Arc;

/// 1.2: the counters' background colours, one per major power, then the minor neutrals' gray.
fn colour(side: usize) -> ([u8; 3], [u8; 3]) {
    const DARK: [u8; 3] = [20, 20, 20];
    const LIGHT: [u8; 3] = [250, 250, 250];
    match Power::ALL.get(side) {
        Some(Power::France) => ([140, 180, 230], DARK),
        Some(Power::Britain) => ([200, 40, 40], LIGHT),
        Some(Power::Spain) => ([235, 205, 60], DARK),
        Some(Power::Austria) => ([245, 245, 240], DARK),
        Some(Power::Prussia) => ([40, 70, 160], LIGHT),
        Some(Power::Russia) => ([40, 120, 60], LIGHT),
        Some(Power::Turkey) => ([150, 210, 140], DARK),
        None => ([160, 160, 160], DARK),
    }
}

/// The side index of a nation in the picture: its controlling power's, else the minors'.
fn side_of(state: &State, nation: &str) -> usize {
    match state.controller_of_nation(nation) {
        Some(p) => Power::ALL.iter().position(|q| *q == p).unwrap_or(Power::ALL.len()),
        None => Power::ALL.len(),
    }
}

fn legend() -> Vec<LegendEntry> {
    let e = |id: &str, label: &str, glyph: Glyph| LegendEntry { id: id.into(), label: label.into(), glyph };
    vec![
        e("corps", "Corps (factors)", Glyph::Infantry),
        e("cavalry-corps", "Cavalry corps (factors)", Glyph::Cavalry),
        e("garrison", "City garrison (factors)", Glyph::Garrison),
        e("cossack", "Cossacks (10.1)", Glyph::Text("Cos".into())),
        e("freikorps", "Freikorps (10.1)", Glyph::Text("Frk".into())),
        e("guerrilla", "Guerrillas (10.1)", Glyph::Text("Gue".into())),
        e("fleet", "Fleet (ships)", Glyph::Fleet),
        e("depot", "Depot", Glyph::Supply),
        e("siege", "Besieged city", Glyph::Marker { text: "SIEGE".into(), fill: [200, 40, 40], ink: [255, 255, 255] }),
    ]
}

/// The picture of `state` as everyone may see it.
pub fn board_view(ctx: &Ctx, state: &State) -> AreaBoardView {
    let mut sides: Vec<SideView> = Power::ALL
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let (colour, text_colour) = colour(i);
            let vp = state.powers.get(p).map_or(0, |s| s.political);
            SideView { name: p.name().into(), vp, colour, text_colour, unit: "PP".into() }
        })
        .collect();
    let (colour_minor, text_minor) = colour(Power::ALL.len());
    sides.push(SideView {
        name: "Minor countries".into(),
        vp: 0,
        colour: colour_minor,
        text_colour: text_minor,
        unit: "PP".into(),
    });
    let mut pieces = Vec::new();
    for (id, c) in &state.corps {
        let location = match &c.aboard {
            Some(fleet) => match state.fleets.get(fleet).map(|f| &f.place) {
                Some(FleetPlace::Sea(s)) => AreaLocation::Sea(s.clone()),
                Some(FleetPlace::Port(a) | FleetPlace::Blockade(a)) => AreaLocation::Port(a.clone()),
                None => AreaLocation::Land(c.area.clone()),
            },
            None => AreaLocation::Land(c.area.clone()),
        };
        let symbol = match c.irregular() {
            Some(kind) => kind.id(),
            None if crate::corps_card::is_cavalry(ctx, id) => "cavalry-corps",
            None => "corps",
        };
        pieces.push(AreaPieceView {
            id: id.clone(),
            location,
            side: side_of(state, c.side()),
            nation: c.nation.clone(),
            symbol: symbol.into(),
            size: if c.in_city { "city".into() } else { String::new() },
            // 2.4.2: a strength the viewer may not know is shown as `?`.
            factors: if crate::knowledge::hidden(c) { "?".into() } else { c.factors.total().to_string() },
            label: id.clone(),
            colour: None,
        });
    }
    for (id, f) in &state.fleets {
        let location = match &f.place {
            FleetPlace::Sea(s) => AreaLocation::Sea(s.clone()),
            FleetPlace::Port(a) | FleetPlace::Blockade(a) => AreaLocation::Port(a.clone()),
        };
        pieces.push(AreaPieceView {
            id: id.clone(),
            location,
            side: side_of(state, &f.nation),
            nation: f.nation.clone(),
            symbol: "fleet".into(),
            size: if matches!(f.place, FleetPlace::Blockade(_)) { "blockade".into() } else { String::new() },
            factors: f.ships.to_string(),
            label: id.clone(),
            colour: None,
        });
    }
    for (area, g) in &state.garrisons {
        if g.factors.is_empty() {
            continue;
        }
        pieces.push(AreaPieceView {
            id: format!("garrison-{area}"),
            location: AreaLocation::Land(area.clone()),
            side: side_of(state, &g.nation),
            nation: g.nation.clone(),
            symbol: "garrison".into(),
            size: String::new(),
            factors: g.factors.total().to_string(),
            label: String::new(),
            colour: None,
        });
    }
    for (area, d) in &state.depots {
        pieces.push(AreaPieceView {
            id: format!("depot-{area}"),
            location: AreaLocation::Land(area.clone()),
            side: side_of(state, d.power.id()),
            nation: d.power.id().into(),
            symbol: "depot".into(),
            size: String::new(),
            factors: if d.garrison.is_empty() { String::new() } else { d.garrison.total().to_string() },
            label: String::new(),
            colour: None,
        });
    }
    // 7.4.3.4.2: a depot inside a besieged port city is drawn in its area, marked as inside.
    for (area, power) in &state.city_depots {
        pieces.push(AreaPieceView {
            id: format!("city-depot-{area}"),
            location: AreaLocation::Land(area.clone()),
            side: side_of(state, power.id()),
            nation: power.id().into(),
            symbol: "depot".into(),
            size: String::new(),
            factors: String::new(),
            label: "in the city".into(),
            colour: None,
        });
    }
    // 7.4.4: a depot on a fleet is drawn in the fleet's sea.
    for (fleet, d) in &state.fleet_depots {
        pieces.push(AreaPieceView {
            id: format!("depot-on-{fleet}"),
            location: AreaLocation::Sea(d.sea.clone()),
            side: side_of(state, d.power.id()),
            nation: d.power.id().into(),
            symbol: "depot".into(),
            size: String::new(),
            factors: String::new(),
            label: String::new(),
            colour: None,
        });
    }
    let mut control: Vec<(String, usize)> =
        state.occupied.iter().map(|(area, nation)| (area.clone(), side_of(state, nation))).collect();
    // 4.6.3.1: the areas of a minor country a major power runs carry its control flag: they
    // are tinted in the controller's colour (the areas an enemy occupies, above, first).
    for (minor, m) in &state.minors {
        if m.controller.is_none() {
            continue;
        }
        for area in ctx.map.areas_of(minor) {
            if !state.occupied.contains_key(&area.id) {
                control.push((area.id.clone(), side_of(state, minor)));
            }
        }
    }
    let markers = state.sieges.iter().map(|a| (a.clone(), "siege".to_string())).collect();
    let mut track = Vec::new();
    let mut d = Some(state.first);
    while let Some(m) = d.filter(|m| *m <= state.last && track.len() < 240) {
        track.push(crate::date::short(m));
        d = m.next();
    }
    AreaBoardView {
        map: Arc::clone(&ctx.map),
        title: format!("Empires in Arms: {}, {}", state.date, state.sequence.phase),
        turn: Some(TurnView {
            number: u8::try_from(crate::date::months_between(state.first, state.date) + 1).unwrap_or(u8::MAX),
            last: u8::try_from(track.len()).unwrap_or(u8::MAX),
            label: state.date.to_string(),
            season: ctx.rules.winter(state.date.month()).then(|| "winter".to_string()),
            track,
            due: Vec::new(),
        }),
        sides,
        pieces,
        control,
        markers,
        highlights: Vec::new(),
        legend: legend(),
        hidden: Vec::new(),
        boxes: Vec::new(),
    }
}
