//! A mail message as `grognard receive` reads it: the packets it carries and its summary.

/// The target.
pub fn check(data: &[u8]) {
    let _ = grognard_mail::extract::read_message(data);
    let _ = grognard_mail::extract::packets_in_message(data);
}
