//! How big the things drawn on an area map are, in pixels, for a picture's size unit `u`.

/// The side of a counter.
pub fn counter(u: f64) -> f64 {
    24.0 * u
}

/// The room one stack takes in a row of stacks.
pub fn stack_slot(u: f64) -> f64 {
    counter(u) * 1.24
}

/// How many stacks a row holds before the rest are counted in a badge.
pub fn stacks_per_row(close_up: bool) -> usize {
    if close_up {
        5
    } else {
        3
    }
}

/// The radius of a city's dot: larger for more spires (supply value).
pub fn city(supply: u8, u: f64) -> f64 {
    (1.4 + 0.5 * f64::from(supply.min(9))) * u
}

/// The radius of a capital's star.
pub fn capital(supply: u8, u: f64) -> f64 {
    city(supply, u) + 2.6 * u
}

/// The room kept clear around a city's label point (its dot, star or fortress).
pub fn place_room(supply: u8, capital: bool, fortress: bool, u: f64) -> f64 {
    let base = if capital { self::capital(supply, u) } else { city(supply, u) };
    if fortress {
        base + 3.2 * u
    } else {
        base
    }
}

/// The letters of an area's name.
pub fn area_name(u: f64) -> f64 {
    8.8 * u
}

/// The letters of a city's name.
pub fn city_name(u: f64) -> f64 {
    8.0 * u
}

/// The letters of a sea zone's name.
pub fn sea_name(u: f64) -> f64 {
    11.0 * u
}

/// The hex radius the shared drawing helpers (arrows, marker tags, battle swords) are sized
/// by: a counter's side, as on a hex map.
pub fn helper_r(u: f64) -> f64 {
    counter(u) / 1.12
}
