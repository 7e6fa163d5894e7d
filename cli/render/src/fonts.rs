//! The fonts of the pictures, compiled into the program so every machine draws the same
//! letters (`fonts/README.md` says where they come from).

use resvg::usvg::fontdb;

const SANS: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");
const SANS_BOLD: &[u8] = include_bytes!("../fonts/DejaVuSans-Bold.ttf");
const SERIF: &[u8] = include_bytes!("../fonts/DejaVuSerif.ttf");

/// A font database holding only the shipped fonts.
pub fn database() -> fontdb::Database {
    let mut db = fontdb::Database::new();
    for bytes in [SANS, SANS_BOLD, SERIF] {
        db.load_font_data(bytes.to_vec());
    }
    db.set_sans_serif_family(crate::draw::SANS);
    db.set_serif_family(crate::draw::SERIF);
    db
}
