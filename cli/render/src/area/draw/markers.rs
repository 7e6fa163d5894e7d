//! Markers on places, as tags under the place's name (placed by `labels`).

use super::counters::glyph;
use crate::area::labels::MarkerSpot;
use crate::area::layout::AreaPicture;
use crate::area::sizes;
use crate::draw::pieces::marker_tag;

pub fn draw(p: &AreaPicture, spots: &[MarkerSpot], out: &mut String) {
    for spot in spots {
        marker_tag(out, &glyph(p.view, &spot.id), spot.at, sizes::helper_r(p.u));
    }
}
