#!/usr/bin/env bash
# Run every fuzz target for SECONDS each (default 15), starting from its seeds (real packets,
# records, mails, commands, positions and data files in seeds/); what libFuzzer finds new goes
# to corpus/ (not kept in git). A crash or a failed assertion stops the run with its input in
# artifacts/TARGET/; make it a regression test named after what it found.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-15}"
mkdir -p tests/fuzz/corpus
for target in packet record command position mail data; do
  corpus="tests/fuzz/corpus/$target"
  log="tests/fuzz/corpus/$target.log"
  mkdir -p "$corpus"
  echo "== fuzz target $target, $seconds s"
  status=0
  env -u CARGO_TARGET_DIR cargo +nightly fuzz run --fuzz-dir tests/fuzz --sanitizer none "$target" "$corpus" "tests/fuzz/seeds/$target" \
    -- -max_total_time="$seconds" -rss_limit_mb=2048 -print_final_stats=1 >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|new_units_added)|panicked|SUMMARY|^Done" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -n 40 "$log"
    echo "fuzz target $target failed (status $status); its input is in tests/fuzz/artifacts/$target/" >&2
    exit 1
  fi
done
