//! A mail message as `grognard receive` reads it: the packets it carries and its summary.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = grognard_mail::extract::read_message(data);
    let _ = grognard_mail::extract::packets_in_message(data);
});
