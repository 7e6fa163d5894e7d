//! Markers on places, as tags under the place's name (placed by `labels`).

use crate::area::labels::MarkerSpot;
use crate::area::layout::AreaPicture;
use crate::area::sizes;
use crate::draw::pieces::marker_tag;
use crate::draw::symbols;

pub fn draw(p: &AreaPicture, spots: &[MarkerSpot], out: &mut String) {
    for spot in spots {
        marker_tag(out, &symbols::of(&p.view.legend, &spot.id), spot.at, sizes::helper_r(p.u));
    }
}
