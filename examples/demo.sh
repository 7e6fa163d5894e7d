#!/usr/bin/env bash
# A complete game of Duel (the test ruleset) between two local players, Alice and Bob,
# through the real journal, fair dice and packet files: no network, no mail. It is played
# with concealed powder (rule 8.0): each player primes a charge in secret, which the other
# sees only as `prime ?` until it is fired and opened. Then the match is replayed, archived,
# and the
# opening of The Egyptian Campaign (examples/fnc-opening.sh), whose board pictures are
# written to the current directory (or $GROGNARD_DEMO_OUT).
# Each player has their own GROGNARD_HOME; they share nothing but the packet files.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cargo build --quiet --release -p grognard --manifest-path "$root/Cargo.toml"
bin="${CARGO_TARGET_DIR:-$root/target}/release/grognard"

start=$(pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/grognard-demo.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work"
alice() { GROGNARD_HOME="$work/alice" "$bin" "$@"; }
bob() { GROGNARD_HOME="$work/bob" "$bin" "$@"; }
say() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

say "Each player creates an identity (an ed25519 key pair)"
alice keygen --name "Alice" --email alice@example.org
bob keygen --name "Bob" --email bob@example.org

say "Alice creates a game with Bob's public key line and writes the invitation packet"
alice new --ruleset duel --scenario powder --opponent "$work/bob/keys/"*.pub --out invitation.grog
say "Bob joins: he commits to his dice chain and sends his join back"
bob join invitation.grog
bob send --out bob-0.grog
alice receive bob-0.grog

# One turn of a player: make every decision owed (the first legal move, but a concealed
# `prime 2` the first time one is offered; a real player picks with `grognard moves`), then
# sign and write a packet. Echoes the packet's name.
turn() {
  local who=$1 n=$2 move
  for _ in 1 2 3 4; do
    move=$("$who" moves | sed -n 's/^ *grognard do //p' | head -n 1)
    [ -n "$move" ] || break
    if [ ! -e "$work/$who.primed" ] && "$who" moves | grep -q 'grognard do prime 2'; then
      move="prime 2"
      touch "$work/$who.primed"
    fi
    "$who" do $move >&2
  done
  if "$who" send --out "$who-$n.grog" >&2 && [ -f "$who-$n.grog" ]; then echo "$who-$n.grog"; fi
}

for n in $(seq 1 200); do
  if alice status | grep -q "the game is over"; then break; fi
  say "Turn $n"
  a=$(turn alice "$n"); b=$(turn bob "$n")
  [ -z "$a" ] || bob receive "$a"
  [ -z "$b" ] || alice receive "$b"
done

# `receive` answered what needed no decision at once (and wrote it as a reply packet); the
# last of those answers reaches the other player with one more exchange.
if alice send --out alice-last.grog >/dev/null && [ -f alice-last.grog ]; then bob receive alice-last.grog >/dev/null; fi
if bob send --out bob-last.grog >/dev/null && [ -f bob-last.grog ]; then alice receive bob-last.grog >/dev/null; fi

say "The game as Alice sees it"
alice log | tail -n 25
alice status
say "Bob's log of Alice's concealed prime (he saw only \`prime ?\` until she fired it) and of its opening"
bob log | grep -E "Alice: prime|opens concealed" || true
say "Both players verify their journals: signatures, links, every dice roll, every rule"
alice verify
bob verify
if cmp -s "$work"/alice/games/*/journal "$work"/bob/games/*/journal; then
  say "Alice's and Bob's journals are byte-identical."
else
  echo "the journals differ" >&2
  exit 1
fi

say "A step of the replay: the initiative roll, with the witness's value and the seed"
alice replay --step 2 --no-pictures
say "Alice archives the finished match"
alice archive add
alice archive list

say "Now the opening of The Egyptian Campaign (Forgotten Napoleonic Campaigns)"
bash "$root/examples/fnc-opening.sh" "${GROGNARD_DEMO_OUT:-$start}"

say "Finally a complete Egyptian Campaign between two computer opponents (the bot \`general\`)"
echo "Played through the full path of a game by mail: two journals, fair dice witnessed by the"
echo "other side, packets sent and imported, fog of war; checked after every round (a few minutes)."
cargo build --quiet --release -p grognard-acceptance --bin selfplay --manifest-path "$root/Cargo.toml"
selfplay="${CARGO_TARGET_DIR:-$root/target}/release/selfplay"
out="${GROGNARD_DEMO_OUT:-$start}"
"$selfplay" --scenario ec-historical --seed 7 --bots general,general --keep "$work/ec-match"
journal="$work/ec-match/seed-7/journal"
mkdir -p "$out/ec-bot-match"
cp "$journal" "$work/ec-match/seed-7/players.pub" "$out/ec-bot-match/"
alice verify --file "$out/ec-bot-match/journal" | tail -n 2
alice export-html "$out/ec-bot-match/journal" --out "$out/ec-bot-match/replay.html"
alice show "$out/ec-bot-match/journal" --out "$out/ec-bot-match/final-board.png"
say "The match: its journal, HTML replay and final board"
echo "Journal:      $out/ec-bot-match/journal"
echo "HTML replay:  $out/ec-bot-match/replay.html (open it in a browser: arrows step, a number jumps to a turn)"
echo "Final board:  $out/ec-bot-match/final-board.png"
