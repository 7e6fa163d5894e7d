//! Reading the fields of a line: words, flags, numbers, `label: list` lines.

use super::sections::Line;
use crate::area::ids::id_problem;
use crate::area::Point;
use crate::MapError;

/// `count` whitespace-separated words of `line`, then the rest of the line (trimmed). `form`
/// shows the expected line in the error when a field is missing.
pub(crate) fn fields<'a>(line: &Line<'a>, count: usize, form: &str) -> Result<(Vec<&'a str>, &'a str), MapError> {
    let mut words = Vec::with_capacity(count);
    let mut rest = line.text;
    for _ in 0..count {
        let text = rest.trim_start();
        let end = text.find(char::is_whitespace).unwrap_or(text.len());
        if end == 0 {
            return Err(line.error(format!("expected `{form}`: too few fields")));
        }
        let (word, after) = text.split_at(end);
        words.push(word);
        rest = after;
    }
    Ok((words, rest.trim()))
}

/// Like [`fields`], where the rest of the line is a name that must not be empty.
pub(crate) fn fields_and_name<'a>(
    line: &Line<'a>,
    count: usize,
    form: &str,
) -> Result<(Vec<&'a str>, &'a str), MapError> {
    let (words, name) = fields(line, count, form)?;
    if name.is_empty() {
        return Err(line.error(format!("expected `{form}`: the name is missing")));
    }
    Ok((words, name))
}

/// `text` as an id, or an error naming `what`.
pub(crate) fn id<'a>(line: &Line, text: &'a str, what: &str) -> Result<&'a str, MapError> {
    match id_problem(text, what) {
        Some(problem) => Err(line.error(problem)),
        None => Ok(text),
    }
}

/// The comma-separated flags of `text` (`-` for none), each among `known`, none twice.
pub(crate) fn flags<'a>(line: &Line, text: &'a str, known: &[&str], what: &str) -> Result<Vec<&'a str>, MapError> {
    if text == "-" {
        return Ok(Vec::new());
    }
    let mut found: Vec<&str> = Vec::new();
    for flag in text.split(',') {
        if !known.contains(&flag) {
            return Err(
                line.error(format!("{what}: unknown flag `{flag}` (flags: {}, or `-` for none)", known.join(" ")))
            );
        }
        if found.contains(&flag) {
            return Err(line.error(format!("{what}: flag `{flag}` is given twice")));
        }
        found.push(flag);
    }
    Ok(found)
}

/// `text` as a whole number from `min` to `max`.
pub(crate) fn number(line: &Line, text: &str, min: u32, max: u32, what: &str) -> Result<u32, MapError> {
    let bad = || line.error(format!("{what} `{text}` is not a whole number {min}-{max}"));
    if text.is_empty() || text.len() > 9 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let value: u32 = text.parse().map_err(|_| bad())?;
    if value < min || value > max {
        return Err(bad());
    }
    Ok(value)
}

/// The point `x`, `y` inside the drawing extent `width` x `height`.
pub(crate) fn point(line: &Line, x: &str, y: &str, extent: (i32, i32), what: &str) -> Result<Point, MapError> {
    let coordinate = |text: &str, max: i32, axis: &str| {
        let limit = u32::try_from(max).unwrap_or(0);
        number(line, text, 0, limit, &format!("{what}: {axis}")).map(|v| i32::try_from(v).unwrap_or(0))
    };
    Ok(Point { x: coordinate(x, extent.0, "x")?, y: coordinate(y, extent.1, "y")? })
}

/// Splits `label: rest` at the first colon, refusing an empty label.
pub(crate) fn labelled<'a>(line: &Line<'a>, what: &str) -> Result<(&'a str, &'a str), MapError> {
    let (label, rest) =
        line.text.split_once(':').ok_or_else(|| line.error(format!("expected `{what}: ...` (no colon)")))?;
    let label = label.trim();
    if label.is_empty() {
        return Err(line.error(format!("the {what} before the colon is empty")));
    }
    Ok((label, rest.trim()))
}
