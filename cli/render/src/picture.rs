//! One picture being drawn: the map, the view, the options and where everything goes.

use crate::draw::{boxes, panels};
use crate::frame::{Frame, Rect};
use crate::options::{Options, BASE_RADIUS};
use crate::sheet::Sheet;
use crate::view::BoardView;
use crate::RenderError;
use grognard_board::HexId;
use std::collections::BTreeSet;

/// The edge of the map an off-map box is drawn against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Edge {
    Top,
    Right,
    Bottom,
    Left,
}

/// Where an off-map box's panel is drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct BoxPlace {
    /// Index into `Sheet::boxes`.
    pub index: usize,
    pub edge: Edge,
    pub rect: Rect,
}

/// Everything the drawing modules share.
pub struct Picture<'a> {
    pub sheet: &'a Sheet,
    pub view: &'a BoardView,
    pub options: &'a Options,
    /// Size multiplier for text and furniture.
    pub s: f64,
    pub frame: Frame,
    /// Hexes of the map drawn (some may be cut by the map rectangle in a close-up).
    pub visible: BTreeSet<HexId>,
    /// The map area.
    pub map_rect: Rect,
    pub width: f64,
    pub height: f64,
    pub margin: f64,
    /// Top of the title, turn track and VP panels.
    pub header_y: f64,
    pub boxes: Vec<BoxPlace>,
    /// Top of the legend.
    pub legend_y: f64,
}

/// Narrowest picture, at scale 1, so the panels always fit.
const MIN_WIDTH: f64 = 760.0;
const TITLE_HEIGHT: f64 = 34.0;
const SUBTITLE: f64 = 16.0;
/// The width a close-up's board is magnified to, at scale 1 (at most `MAX_ZOOM` times).
const CLOSE_UP_WIDTH: f64 = 1100.0;
const MAX_ZOOM: f64 = 8.0;

impl<'a> Picture<'a> {
    pub fn lay_out(sheet: &'a Sheet, view: &'a BoardView, options: &'a Options) -> Result<Picture<'a>, RenderError> {
        let s = options.scale;
        if !(0.25..=4.0).contains(&s) {
            return Err(RenderError::BadScale(format!("{s}")));
        }
        let mut frame = Frame::new(BASE_RADIUS * s, sheet.north_right);
        let (visible, area) = match options.around {
            None => (sheet.hexes.keys().copied().collect::<BTreeSet<_>>(), frame.bounds(sheet.hexes.keys().copied())),
            Some((centre, radius)) => {
                if !sheet.hexes.contains_key(&centre) {
                    return Err(RenderError::NotOnMap(centre.to_string()));
                }
                // A close-up magnifies its hexes so the board, not the panels and the key
                // drawn at the picture's scale, is the main part of the picture.
                let (_, plain) = close_up(sheet, &frame, centre, radius);
                let zoom = (CLOSE_UP_WIDTH * s / plain.w.max(1.0)).clamp(1.0, MAX_ZOOM);
                frame = Frame::new(BASE_RADIUS * s * zoom, sheet.north_right);
                close_up(sheet, &frame, centre, radius)
            }
        };
        let margin = 12.0 * s;
        let places = boxes::plan(sheet, view, &frame, &visible, area, options.around.is_none(), s);
        let band = |edge: Edge| {
            let along: Vec<&boxes::Planned> = places.iter().filter(|p| p.edge == edge).collect();
            match edge {
                Edge::Left | Edge::Right => along.iter().map(|p| p.w).fold(0.0, f64::max),
                Edge::Top | Edge::Bottom => along.iter().map(|p| p.h).fold(0.0, f64::max),
            }
        };
        let gap = |size: f64| if size > 0.0 { size + margin } else { 0.0 };
        let (left, right, top, bottom) =
            (gap(band(Edge::Left)), gap(band(Edge::Right)), gap(band(Edge::Top)), gap(band(Edge::Bottom)));
        let width = (area.w + left + right + 2.0 * margin).max(MIN_WIDTH * s).ceil();
        let header_y = margin;
        let info = panels::info_height(view, width - 2.0 * margin, s);
        let title_height = if options.around.is_some() { TITLE_HEIGHT + SUBTITLE } else { TITLE_HEIGHT } * s;
        let map_top = header_y + title_height + info + margin + top;
        let map_left = left + margin + ((width - 2.0 * margin - left - right - area.w) / 2.0).max(0.0);
        let map_rect = Rect { x: map_left, y: map_top, w: area.w, h: area.h };
        let frame = frame.shifted(map_left - area.x, map_top - area.y);
        let legend_y = map_rect.bottom() + bottom + margin;
        let legend_input = crate::draw::legend::LegendInput {
            sheet,
            view,
            visible: &visible,
            highlights: options.highlights,
            whole: options.around.is_none(),
        };
        let height = (legend_y + crate::draw::legend::height(&legend_input, width - 2.0 * margin, s) + margin).ceil();
        let boxes = boxes::place(places, map_rect, margin);
        Ok(Picture {
            sheet,
            view,
            options,
            s,
            frame,
            visible,
            map_rect,
            width,
            height,
            margin,
            header_y,
            boxes,
            legend_y,
        })
    }

    /// Top of the turn track and VP panels.
    pub fn info_y(&self) -> f64 {
        let subtitle = if self.options.around.is_some() { SUBTITLE } else { 0.0 };
        self.header_y + (TITLE_HEIGHT + subtitle) * self.s
    }
}

/// The hexes of a close-up and the rectangle it shows: the box around every hex within
/// `radius` of `centre`, and every map hex that reaches into that box.
fn close_up(sheet: &Sheet, frame: &Frame, centre: HexId, radius: u32) -> (BTreeSet<HexId>, Rect) {
    let near: Vec<HexId> = sheet.hexes.keys().copied().filter(|h| h.distance(centre) <= radius).collect();
    let core = frame.bounds(near.iter().copied());
    // Trim half a hex so the picture ends inside the outer ring rather than on its corners.
    let trim = frame.r * 0.5;
    let rect = Rect {
        x: core.x + trim,
        y: core.y + trim,
        w: (core.w - 2.0 * trim).max(frame.r),
        h: (core.h - 2.0 * trim).max(frame.r),
    };
    let visible = sheet
        .hexes
        .keys()
        .copied()
        .filter(|h| {
            let b = frame.bounds(std::iter::once(*h));
            b.x < rect.right() && b.right() > rect.x && b.y < rect.bottom() && b.bottom() > rect.y
        })
        .collect();
    (visible, rect)
}
