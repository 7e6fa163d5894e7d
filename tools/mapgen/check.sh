#!/usr/bin/env bash
# Regenerates both FNC maps into a temporary folder and compares them with the committed
# engine/fnc/data/<game>/map.txt. Needs only `pip install -r tools/mapgen/requirements.txt`
# (no network at run time). Exit status 0 when both match.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
python="${PYTHON:-python3}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

"$python" "$here/generate.py" --out "$tmp"
status=0
for game in ec rsw; do
    committed="$root/engine/fnc/data/$game/map.txt"
    if diff -u "$committed" "$tmp/$game/map.txt" >"$tmp/$game.diff"; then
        echo "$game: map.txt matches the generator"
    else
        echo "$game: engine/fnc/data/$game/map.txt differs from the generator's output (first lines of the diff):"
        head -n 60 "$tmp/$game.diff"
        status=1
    fi
done
exit "$status"
