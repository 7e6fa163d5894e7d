#!/usr/bin/env bash
# Re-record the matches of tests/recorded (README.md there): build the release `grognard`,
# play each match through it with two players and casual dice, copy the journals, then pin
# the replayed values into each expected.txt. Run it after a deliberate change of the rules
# (with the ruleset's version bumped: ARCHITECTURE.md, Rules versions).
#   bash tests/recorded/record.sh                  # every match
#   bash tests/recorded/record.sh rsw-historical   # one match
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
target=${CARGO_TARGET_DIR:-$root/target}
cargo build --quiet --release -p grognard --manifest-path "$root/Cargo.toml"
bin="$target/release/grognard"

# name, ruleset, scenario, seed of the command policy
matches=(
  "ec-historical fnc ec-historical 1798"
  "rsw-historical fnc rsw-historical 1808"
)
for m in "${matches[@]}"; do
  read -r name ruleset scenario seed <<<"$m"
  if [ $# -gt 0 ] && [[ " $* " != *" $name "* ]]; then continue; fi
  echo "== $name"
  python3 "$here/record.py" "$bin" "$name" "$ruleset" "$scenario" "$seed"
done
GROGNARD_PIN_RECORDED=1 cargo test --quiet --manifest-path "$root/Cargo.toml" -p grognard-acceptance \
  --test acceptance recorded_matches::
git -C "$root" status --short -- tests/recorded
