//! Pieces in their places: the pieces of one side and nation at one place make a stack, the
//! top counter drawn over the edges of two more; the stacks of a place stand side by side
//! in a row, and when more stacks are there than a row holds, the last slot counts the
//! counters not drawn.

use crate::area::labels::StackRow;
use crate::area::layout::AreaPicture;
use crate::area::sizes;
use crate::draw::counters::{self, Counters, Piece};
use crate::draw::{circle, rect, text, Type};
use crate::num::N;
use grognard_board::{AreaBoardView, AreaLocation, AreaPieceView};
use std::collections::BTreeMap;

/// One stack: its pieces (top first), then the sides of its counters shown face down.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Group<'v> {
    pub pieces: Vec<&'v AreaPieceView>,
    pub backs: Vec<usize>,
}

impl Group<'_> {
    pub fn total(&self) -> usize {
        self.pieces.len() + self.backs.len()
    }

    fn side(&self) -> Option<usize> {
        self.pieces.first().map(|p| p.side).or(self.backs.first().copied())
    }
}

/// The stacks at `location`, in the order of their first piece in the view; face-down
/// counters join their side's first stack there, or make one of their own.
pub fn groups_at<'v>(view: &'v AreaBoardView, location: &AreaLocation) -> Vec<Group<'v>> {
    let mut groups: Vec<Group> = Vec::new();
    for piece in view.pieces.iter().filter(|p| p.location == *location) {
        match groups
            .iter_mut()
            .find(|g| g.pieces.first().is_some_and(|f| f.side == piece.side && f.nation == piece.nation))
        {
            Some(g) => g.pieces.push(piece),
            None => groups.push(Group { pieces: vec![piece], backs: Vec::new() }),
        }
    }
    for hidden in view.hidden.iter().filter(|h| h.location == *location && h.count > 0) {
        let backs = std::iter::repeat_n(hidden.side, usize::from(hidden.count));
        match groups.iter_mut().find(|g| g.side() == Some(hidden.side)) {
            Some(g) => g.backs.extend(backs),
            None => groups.push(Group { pieces: Vec::new(), backs: backs.collect() }),
        }
    }
    groups
}

/// The stacks of every place on the map whose label is in the picture (not the boxes).
pub fn at_locations<'v>(p: &AreaPicture<'v>) -> BTreeMap<AreaLocation, Vec<Group<'v>>> {
    let mut places: Vec<&AreaLocation> = p.view.pieces.iter().map(|x| &x.location).collect();
    places.extend(p.view.hidden.iter().filter(|h| h.count > 0).map(|h| &h.location));
    let mut out = BTreeMap::new();
    for location in places {
        if matches!(location, AreaLocation::Box(_)) || !p.shown.contains(location.id()) {
            continue;
        }
        if !out.contains_key(location) {
            out.insert(location.clone(), groups_at(p.view, location));
        }
    }
    out
}

/// A stack with the top-left corner of its top counter at `(x, y)`, the count of its
/// counters on the top-right corner, and of those face down (`2?`) on the bottom-right.
pub fn stack(out: &mut String, view: &AreaBoardView, group: &Group, x: f64, y: f64, c: f64, ids: bool) {
    let total = group.total();
    if total == 0 {
        return;
    }
    let step = c * 0.08;
    let sheet = Counters::from(view);
    for i in (1..=total.saturating_sub(1).min(2)).rev() {
        let paper = match group.pieces.get(i) {
            Some(piece) => sheet.colours(&Piece::from(*piece)).0,
            None => sheet.side_colours(i.checked_sub(group.pieces.len()).and_then(|k| group.backs.get(k)).copied()).0,
        };
        counters::face(out, &paper, x + step * i as f64, y + step * i as f64, c);
    }
    match group.pieces.first() {
        Some(top) => sheet.counter(out, &Piece::from(*top), x, y, c, ids),
        None => sheet.back(out, group.backs.first().copied(), x, y, c),
    }
    if total > 1 {
        badge(out, (x + c, y), c, &total.to_string(), true);
    }
    if !group.backs.is_empty() {
        badge(out, (x + c, y + c), c, &format!("{}?", group.backs.len()), false);
    }
}

/// A round count on a counter's corner: light on dark, or dark on light.
pub fn badge(out: &mut String, at: (f64, f64), c: f64, words: &str, dark: bool) {
    let (fill, ink) = if dark { ("#1c1a17", "#fffdf5") } else { ("#fffdf5", "#1c1a17") };
    circle(out, at, c * 0.19, &format!(r#"fill="{fill}" stroke="{ink}" stroke-width="{}""#, N(c * 0.03)));
    let size = if words.chars().count() > 2 { c * 0.17 } else { c * 0.22 };
    text(out, at.0, at.1 + size * 0.36, Type::new(size, ink).bold(), words);
}

/// A token in a row's last slot for the counters of the stacks the row has no room for.
fn more(out: &mut String, at: (f64, f64), c: f64, counters: usize) {
    let (w, h) = (c * 0.9, c * 0.62);
    rect(
        out,
        at.0 - w / 2.0,
        at.1 - h / 2.0,
        w,
        h,
        &format!(r##"rx="{}" fill="#1c1a17" stroke="#fffdf5" stroke-width="{}""##, N(h * 0.3), N(c * 0.03)),
    );
    text(out, at.0, at.1 + c * 0.1, Type::new(c * 0.3, "#fffdf5").bold(), &format!("+{counters}"));
}

/// The stacks of `groups` in a row centred at `centre`, `per_row` slots at most.
pub fn row(
    out: &mut String,
    view: &AreaBoardView,
    groups: &[Group],
    centre: (f64, f64),
    u: f64,
    per_row: usize,
    ids: bool,
) {
    let c = sizes::counter(u);
    let slot = sizes::stack_slot(u);
    let crowded = groups.len() > per_row;
    let drawn = if crowded { per_row.saturating_sub(1) } else { groups.len() };
    let slots = groups.len().min(per_row);
    let left = centre.0 - slots as f64 * slot / 2.0;
    for (i, group) in groups.iter().take(drawn).enumerate() {
        let lift = c * 0.08 * group.total().saturating_sub(1).min(2) as f64 / 2.0;
        let x = left + slot * (i as f64 + 0.5) - c / 2.0 - lift;
        stack(out, view, group, x, centre.1 - c / 2.0 - lift, c, ids);
    }
    if crowded {
        let rest: usize = groups.iter().skip(drawn).map(Group::total).sum();
        more(out, (left + slot * (drawn as f64 + 0.5), centre.1), c, rest);
    }
}

/// Every row of stacks the placement put on the map.
pub fn draw(p: &AreaPicture, rows: &[StackRow], out: &mut String) {
    let per_row = sizes::stacks_per_row(p.close_up());
    for r in rows {
        let groups = groups_at(p.view, &r.location);
        row(out, p.view, &groups, r.centre, p.u, per_row, p.options.ids);
    }
}
