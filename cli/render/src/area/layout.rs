//! One picture of an area map being drawn: the map's cells and borders, which part of the
//! map is shown, how large, and where the header, the map, the boxes and the key go.

use super::borders::{self, Arrow, BorderLine, Link};
use super::cells::Cells;
use super::draw::{boxes, header, key};
use super::geometry::{Bounds, Pt};
use super::options::AreaOptions;
use crate::frame::Rect;
use crate::RenderError;
use grognard_board::area::{AreaMap, Reach, Straits};
use grognard_board::AreaBoardView;
use std::collections::BTreeSet;

/// The typical distance between two neighbouring labels, in pixels, on a whole map at scale 1.
const SPACING_PX: f64 = 88.0;
/// The width a close-up's map is magnified to, at scale 1 (at most `MAX_ZOOM` times the
/// whole map's size).
const CLOSE_UP_WIDTH: f64 = 1100.0;
const MAX_ZOOM: f64 = 6.0;
/// The longest side of the map part of a picture, in pixels.
const MAX_MAP_SIDE: f64 = 9000.0;
/// Narrowest picture, at scale 1, so the header and the key always fit.
const MIN_WIDTH: f64 = 760.0;

/// Everything the drawing modules share.
pub struct AreaPicture<'a> {
    pub view: &'a AreaBoardView,
    pub map: &'a AreaMap,
    pub options: &'a AreaOptions,
    pub cells: Cells,
    pub borders: Vec<BorderLine>,
    /// Land borders of the rules the cells do not show, as links between labels.
    pub links: Vec<Link>,
    pub arrows: Vec<Arrow>,
    /// Size multiplier for the header, the boxes and the key.
    pub s: f64,
    /// Size unit of what is drawn on the map (names, symbols, counters): `s`, grown in a
    /// close-up, though less than the map.
    pub u: f64,
    /// Pixels per map unit.
    pub k: f64,
    /// The part of the map shown, in map units.
    pub world: Bounds,
    /// The land areas and sea zones whose label lies in the picture: they are named, and
    /// their pieces and markers drawn.
    pub shown: BTreeSet<String>,
    /// The entries of the key.
    pub key: Vec<key::Item>,
    pub map_rect: Rect,
    pub width: f64,
    pub height: f64,
    pub margin: f64,
    pub header_y: f64,
    pub boxes_y: f64,
    pub legend_y: f64,
}

impl<'a> AreaPicture<'a> {
    pub fn lay_out(view: &'a AreaBoardView, options: &'a AreaOptions) -> Result<AreaPicture<'a>, RenderError> {
        let s = options.scale;
        if !(0.25..=4.0).contains(&s) {
            return Err(RenderError::BadScale(format!("{s}")));
        }
        let map: &AreaMap = &view.map;
        let cells = Cells::build(map);
        let whole_k = (SPACING_PX * s / cells.spacing.max(1.0))
            .min(MAX_MAP_SIDE / cells.frame.width().max(cells.frame.height()).max(1.0));
        let (world, k) = match &options.around {
            None => (cells.frame, whole_k),
            Some((centre, radius)) => {
                let world = close_up(map, &cells, centre, *radius)?;
                let k = (CLOSE_UP_WIDTH * s / world.width().max(1.0))
                    .clamp(whole_k, MAX_ZOOM * whole_k)
                    .min(MAX_MAP_SIDE / world.width().max(world.height()).max(1.0));
                (world, k)
            }
        };
        let u = s * (k / whole_k).max(1.0).sqrt();
        let shown: BTreeSet<String> = map
            .areas()
            .map(|a| (&a.id, a.label))
            .chain(map.seas().map(|z| (&z.id, z.label)))
            .filter(|(_, p)| world.contains(Pt::new(f64::from(p.x), f64::from(p.y))))
            .map(|(id, _)| id.clone())
            .collect();
        let borders = borders::lines(map, &cells);
        let links = borders::links(map, &cells, &borders);
        let arrows = borders::arrows(map, &cells);
        let key = key::items(&key::Shown {
            view,
            map,
            cells: &cells,
            borders: &borders,
            links: &links,
            places: &shown,
            highlights: options.highlights,
        });
        let margin = 12.0 * s;
        let (map_w, map_h) = (world.width() * k, world.height() * k);
        let width = (map_w + 2.0 * margin).max(MIN_WIDTH * s).ceil();
        let header_y = margin;
        let map_top = header_y + header::height(view, options, width - 2.0 * margin, s) + margin;
        let map_rect = Rect { x: ((width - map_w) / 2.0).max(margin), y: map_top, w: map_w, h: map_h };
        let boxes_y = map_rect.bottom() + margin;
        let legend_y = boxes_y + boxes::height(view, width - 2.0 * margin, s);
        let height = (legend_y + key::height(key.len(), width - 2.0 * margin, s) + margin).ceil();
        Ok(AreaPicture {
            view,
            map,
            options,
            cells,
            borders,
            links,
            arrows,
            s,
            u,
            k,
            world,
            shown,
            key,
            map_rect,
            width,
            height,
            margin,
            header_y,
            boxes_y,
            legend_y,
        })
    }

    /// A point of the map in the picture.
    pub fn px(&self, p: Pt) -> (f64, f64) {
        (self.map_rect.x + (p.x - self.world.x0) * self.k, self.map_rect.y + (p.y - self.world.y0) * self.k)
    }

    /// The label point of a land area or sea zone in the picture.
    pub fn site_px(&self, id: &str) -> Option<(f64, f64)> {
        self.cells.site(id).map(|p| self.px(p))
    }

    /// Whether a polygon with these bounds reaches into the part of the map shown.
    pub fn in_view(&self, b: &Bounds) -> bool {
        b.overlaps(&self.world)
    }

    /// Whether the picture is a close-up.
    pub fn close_up(&self) -> bool {
        self.options.around.is_some()
    }
}

/// The part of the map a close-up shows: the box around the labels of every place within
/// `radius` steps of `centre`, with room around them.
fn close_up(map: &AreaMap, cells: &Cells, centre: &str, radius: u32) -> Result<Bounds, RenderError> {
    let reach = if map.area(centre).is_some() {
        Reach { straits: Straits::All, sea: false }
    } else if map.sea(centre).is_some() {
        Reach::ANYWHERE
    } else {
        return Err(RenderError::PlaceNotOnMap(centre.to_string()));
    };
    let near = map.distances(centre, reach);
    let points = near.iter().filter(|(_, d)| **d <= radius).filter_map(|(id, _)| cells.site(id));
    let core = Bounds::around(points).ok_or_else(|| RenderError::PlaceNotOnMap(centre.to_string()))?;
    let room = 0.7 * cells.spacing;
    let least = 3.0 * cells.spacing;
    let (cx, cy) = ((core.x0 + core.x1) / 2.0, (core.y0 + core.y1) / 2.0);
    let half_w = (core.width() / 2.0 + room).max(least / 2.0);
    let half_h = (core.height() / 2.0 + room).max(least / 2.0);
    let f = cells.frame;
    let b = Bounds {
        x0: (cx - half_w).max(f.x0),
        y0: (cy - half_h).max(f.y0),
        x1: (cx + half_w).min(f.x1),
        y1: (cy + half_h).min(f.y1),
    };
    if b.width() <= 0.0 || b.height() <= 0.0 {
        return Err(RenderError::PlaceNotOnMap(centre.to_string()));
    }
    Ok(b)
}
