#!/usr/bin/env bash
# The opening of The Egyptian Campaign (Forgotten Napoleonic Campaigns) between two local
# players, Alice (French) and Bob (Ottoman), from the historical set-up, through the real
# journal, fair dice and packet files. Alice marches on Cairo; everything else is passed.
# Ends with pictures of the board and both players verifying their journals.
# Usage: examples/fnc-opening.sh [OUTPUT-DIR]   (the pictures are written there)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
out=$(mkdir -p "${1:-.}" && cd "${1:-.}" && pwd)
cargo build --quiet --release -p grognard --manifest-path "$root/Cargo.toml"
bin="${CARGO_TARGET_DIR:-$root/target}/release/grognard"

work=$(mktemp -d "${TMPDIR:-/tmp}/grognard-fnc.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work"
alice() { GROGNARD_HOME="$work/alice" "$bin" "$@"; }
bob() { GROGNARD_HOME="$work/bob" "$bin" "$@"; }
say() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

say "Identities, and a game of The Egyptian Campaign from the historical set-up"
alice keygen --name "Alice" --email alice@example.org >/dev/null
bob keygen --name "Bob" --email bob@example.org >/dev/null
alice new --ruleset fnc --scenario ec-historical --opponent "$work/bob/keys/"*.pub --out invitation.grog
bob join invitation.grog
bob send --out bob-join.grog
alice receive bob-join.grog

# A player who only does what is owed: rolls, ends each phase, and answers a decision
# (losses, retreats, removals, arrivals) with the first answer `grognard moves` lists.
pass() {
  local who=$1 cmds cmd
  for _ in $(seq 1 60); do
    cmds=$("$who" moves | sed -n 's/^ *grognard do //p')
    cmd=$(grep -E '^(roll|end|advance)$' <<<"$cmds" | head -n 1 || true)
    [ -n "$cmd" ] || cmd=$(grep -E '^(remove|lose|retreat|enter) ' <<<"$cmds" | head -n 1 || true)
    [ -n "$cmd" ] || break
    "$who" do $cmd >/dev/null
  done
}
exchange() {
  local n=$1
  if alice send --out "alice-$n.grog" >/dev/null && [ -f "alice-$n.grog" ]; then bob receive "alice-$n.grog" >/dev/null; fi
  if bob send --out "bob-$n.grog" >/dev/null && [ -f "bob-$n.grog" ]; then alice receive "bob-$n.grog" >/dev/null; fi
}

say "Game Turn 1: Bon's and Menou's divisions march from Aboukir and attack Rosetta"
alice status
alice do move fr-2-1,fr-2-2,fr-3-1,fr-3-2 1327
alice do end
alice do attack fr-2-1,fr-2-2,fr-3-1,fr-3-2 1427

for n in $(seq 1 30); do
  if alice status | grep -q "Game Turn 4"; then break; fi
  pass alice
  pass bob
  exchange "$n"
done

say "The battle for Rosetta, as Alice's journal tells it"
alice log | sed -n '/attack fr-2-1/,/Supply Phase/p' | head -n 40
say "The end of the story so far"
alice log | tail -n 12
alice status

say "Pictures of the board (PNG): the whole map and a close-up around Alexandria"
rm -f "$out/ec-board.png" "$out/ec-alexandria.png"
alice show --png "$out/ec-board.png" >/dev/null
alice show --around 1127 --radius 5 --png "$out/ec-alexandria.png" >/dev/null
ls -l "$out/ec-board.png" "$out/ec-alexandria.png"

say "Both players verify: signatures, links, every die, every command under the rules"
alice verify
bob verify
