mod home;
fn main() {}
