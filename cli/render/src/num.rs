//! Fixed-precision numbers for SVG text, so the same picture is always the same bytes.

use std::fmt;

/// A coordinate or length written with one decimal (`12.5`, `-3`, never `-0`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct N(pub f64);

impl fmt::Display for N {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Round to tenths through an integer so the text never depends on float printing.
        let tenths = (self.0 * 10.0).round() as i64;
        let sign = if tenths < 0 { "-" } else { "" };
        let a = tenths.unsigned_abs();
        if a.is_multiple_of(10) {
            write!(f, "{sign}{}", a / 10)
        } else {
            write!(f, "{sign}{}.{}", a / 10, a % 10)
        }
    }
}

/// A colour as `#rrggbb`.
pub fn hex_colour(rgb: [u8; 3]) -> String {
    format!("#{:02x}{:02x}{:02x}", rgb[0], rgb[1], rgb[2])
}

/// Text escaped for SVG content and attribute values; control characters and the bidi
/// overrides and isolates (which could reorder what a picture shows) are left out.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}') => {}
            c => out.push(c),
        }
    }
    out
}

/// Points as an SVG `points` attribute.
pub fn points(pts: &[(f64, f64)]) -> String {
    let parts: Vec<String> = pts.iter().map(|(x, y)| format!("{},{}", N(*x), N(*y))).collect();
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_have_one_decimal_and_no_negative_zero() {
        assert_eq!(N(12.0).to_string(), "12");
        assert_eq!(N(12.25).to_string(), "12.3");
        assert_eq!(N(-0.04).to_string(), "0");
        assert_eq!(N(-3.46).to_string(), "-3.5");
        assert_eq!(N(0.5).to_string(), "0.5");
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("A<B & \"C\""), "A&lt;B &amp; &quot;C&quot;");
        assert_eq!(escape("\u{1b}[31mRed\u{7}\u{9b}\u{202e}x\u{2066}</text>"), "[31mRedx&lt;/text&gt;");
    }
}
