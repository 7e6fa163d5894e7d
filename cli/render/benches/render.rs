//! Render time of whole maps and close-ups of the real FNC maps (the sample view of the
//! tests), SVG alone and through to the PNG. The PNG sizes are printed once before timing.
//! Run: `cargo bench -p grognard-render`; figures in BENCHMARKS.md, "Pictures".

#[path = "../tests/common/mod.rs"]
mod common;

use grognard_board::BoardView;
use grognard_render::{png, svg, Options};

/// A close-up's centre and radius.
type Around = Option<(&'static str, u32)>;

/// (case, game, close-up)
const CASES: [(&str, &str, Around); 4] = [
    ("ec-whole", "ec", None),
    ("ec-cairo-6", "ec", Some(("1833", 6))),
    ("rsw-whole", "rsw", None),
    ("rsw-sveaborg-6", "rsw", Some(("1210", 6))),
];

fn case(name: &str) -> (BoardView, Options) {
    let (_, game, around) = CASES.iter().find(|c| c.0 == name).copied().expect("a listed case");
    let view = common::sample_view(common::game_map(game));
    (view, Options { around: around.map(|(h, r)| (common::hex(h), r)), ..Options::default() })
}

fn main() {
    for (name, _, _) in CASES {
        let (view, options) = case(name);
        match png(&view, &options) {
            Ok(bytes) => {
                let decoder = png::Decoder::new(std::io::Cursor::new(&bytes));
                let size = decoder.read_info().map(|r| (r.info().width, r.info().height)).unwrap_or((0, 0));
                println!("{name}: {} x {} pixels, PNG {} bytes", size.0, size.1, bytes.len());
            }
            Err(e) => println!("{name}: {e}"),
        }
    }
    divan::main();
}

#[divan::bench(args = ["ec-whole", "ec-cairo-6", "rsw-whole", "rsw-sveaborg-6"], sample_count = 5)]
fn svg_only(bencher: divan::Bencher, name: &str) {
    let (view, options) = case(name);
    bencher.bench(|| svg(&view, &options));
}

#[divan::bench(args = ["ec-whole", "ec-cairo-6", "rsw-whole", "rsw-sveaborg-6"], sample_count = 5)]
fn svg_and_png(bencher: divan::Bencher, name: &str) {
    let (view, options) = case(name);
    bencher.bench(|| png(&view, &options));
}
