//! Golden pictures: each case is rendered and compared, pixel by pixel with a small
//! tolerance, with the PNG committed in `tests/golden/`. After an intended change of the
//! drawing, regenerate them with
//!
//! ```text
//! GROGNARD_BLESS=1 cargo test -p grognard-render --test golden
//! ```
//!
//! and look at every changed picture before committing it.

mod common;

use common::{fixture, game_map, hex, sample_view};
use grognard_board::Map;
use grognard_render::{png, Options};
use std::path::PathBuf;
use std::sync::Arc;

/// A channel differing by more than this counts the pixel as changed.
const CHANNEL_TOLERANCE: u8 = 40;
/// At most this share of the pixels may change (anti-aliasing on another CPU).
const PIXEL_SHARE: f64 = 0.002;

fn decode(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut buf = vec![0; reader.output_buffer_size().expect("a sized PNG")];
    let info = reader.next_frame(&mut buf).expect("PNG pixels");
    let channels = info.color_type.samples();
    let rgb: Vec<u8> = buf[..info.buffer_size()].chunks_exact(channels).flat_map(|px| [px[0], px[1], px[2]]).collect();
    (info.width, info.height, rgb)
}

/// FNV-1a of the map file, so a golden made from another version of a map says so.
fn map_hash(map: &Map) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in map.source().bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}\n")
}

fn check(name: &str, map: Arc<Map>, options: Options) {
    let hash = map_hash(&map);
    let picture = png(&sample_view(map), &options).unwrap_or_else(|e| panic!("{name}: {e}"));
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let path = dir.join(format!("{name}.png"));
    let hash_path = dir.join(format!("{name}.map-hash"));
    if std::env::var_os("GROGNARD_BLESS").is_some_and(|v| v == "1") {
        std::fs::write(&path, &picture).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
        std::fs::write(&hash_path, &hash).unwrap_or_else(|e| panic!("cannot write {}: {e}", hash_path.display()));
        return;
    }
    let blessed_hash = std::fs::read_to_string(&hash_path).unwrap_or_default();
    assert_eq!(
        blessed_hash,
        hash,
        "{name}: the map file changed since {} was made; look at the new picture and bless it again (GROGNARD_BLESS=1)",
        path.display()
    );
    let golden = std::fs::read(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; GROGNARD_BLESS=1 writes it (see this file's header)", path.display()));
    let (w, h, new) = decode(&picture);
    let (gw, gh, old) = decode(&golden);
    assert_eq!((w, h), (gw, gh), "{name}: picture size changed");
    let changed = new
        .chunks_exact(3)
        .zip(old.chunks_exact(3))
        .filter(|(a, b)| a.iter().zip(b.iter()).any(|(x, y)| x.abs_diff(*y) > CHANNEL_TOLERANCE))
        .count();
    let share = changed as f64 / (w as f64 * h as f64);
    assert!(share <= PIXEL_SHARE, "{name}: {changed} pixels ({:.3}%) differ from {}", share * 100.0, path.display());
}

#[test]
fn golden_plains_whole_map() {
    check("plains", fixture("plains"), Options::default());
}

#[test]
fn golden_plains_close_up_without_hex_numbers() {
    check(
        "plains-close",
        fixture("plains"),
        Options { around: Some((hex("0505"), 2)), hex_numbers: false, ..Options::default() },
    );
}

#[test]
fn golden_fjord_turned_north_up() {
    check("fjord", fixture("fjord"), Options::default());
}

#[test]
fn golden_egyptian_campaign_whole_map() {
    check("ec", game_map("ec"), Options::default());
}

#[test]
fn golden_egyptian_campaign_close_up_of_cairo() {
    check("ec-cairo", game_map("ec"), Options { around: Some((hex("1833"), 5)), ..Options::default() });
}

#[test]
fn golden_russo_swedish_war_whole_map_turned_north_up() {
    check("rsw", game_map("rsw"), Options::default());
}

#[test]
fn golden_russo_swedish_war_close_up_of_sveaborg() {
    check("rsw-sveaborg", game_map("rsw"), Options { around: Some((hex("1210"), 5)), ..Options::default() });
}
