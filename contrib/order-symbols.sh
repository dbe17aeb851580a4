#!/usr/bin/env bash
# Writes contrib/heartline.order, the functions of the heartline binary that a real-time workout
# runs (launch, configure, a minute's workout with readouts, save, quit), most instructions
# first, for the release link to place together (contrib/release-flags.sh): once in script mode
# and once typed on a pseudo-terminal (script(1)), as a user has it. Run it again when the code
# of that path has changed much; a stale file costs pages, never correctness.
#
# Usage: contrib/order-symbols.sh     (needs valgrind; builds the release binary first)
# Environment:
#   SCRATCH   SwiftPM scratch directory for the release build (default .build)
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -d /opt/swift/usr/bin ]]; then export PATH="/opt/swift/usr/bin:$PATH"; fi
source contrib/release-flags.sh
scratch=(--scratch-path "${SCRATCH:-.build}")
swift build -c release --product heartline "${release_flags[@]}" "${scratch[@]}" 2>&1 | tail -n 1 >&2
binary="$(swift build -c release "${release_flags[@]}" "${scratch[@]}" --show-bin-path)/heartline"

work="$(mktemp -d -t heartline-order.XXXXXX)"
trap 'rm -rf "$work"' EXIT
export HOME="$work/home"
mkdir -p "$HOME"
input=$'configure\nnext\nnext\n1 minute\nstart workout\n:wait 70\nend\nyes\nsave\nquit\n'
{ printf '%s' "$input"; sleep 90; } |
  valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/callgrind.out" \
    "$binary" --speech transcript --config /dev/null --simulate-unless-paired --data-dir "$work/data" \
    >"$work/stdout" 2>"$work/stderr"
if ! grep -q '^readout: ' "$work/stdout"; then
  echo "order-symbols: the workout gave no readout; nothing written" >&2
  exit 1
fi
# The same workout typed in the terminal (readline, key echo, the terminal's own paths): on its
# menus a digit is a key of its own (3: 1 minute), on the workout screen so are "e" (end) and
# "y" (yes); the end of input then quits.
{
  sleep 15
  for keys in $'configure\r' $'next\r' $'next\r' 3 $'start workout\r'; do printf '%s' "$keys"; sleep 2; done
  sleep 70
  for keys in e y $'save\r'; do printf '%s' "$keys"; sleep 3; done
  sleep 5
} | script -qfec "valgrind --tool=callgrind --demangle=no --callgrind-out-file=$work/terminal.out $binary \
  --speech transcript --config /dev/null --simulate-unless-paired --data-dir $work/terminal" /dev/null >"$work/terminal.tty" 2>&1
if ! grep -q 'readout: ' "$work/terminal.tty"; then
  echo "order-symbols: the terminal's workout gave no readout; nothing written" >&2
  exit 1
fi

# Callgrind names each object and function once as "ob=(N) name" / "fn=(N) name" and later as
# "(N)" alone; a cost line after "calls=" is the call's inclusive cost, not the function's own.
awk -v binary="$binary" '
  FNR == 1 { split("", objects); split("", functions); object = ""; mine = 0; skip = 0 }
  function named(line, table,    id, rest) {
    id = line; sub(/^[a-z]+=\(/, "", id); sub(/\).*/, "", id)
    rest = line; if (sub(/^[a-z]+=\([0-9]+\) /, "", rest)) table[id] = rest
    return table[id]
  }
  /^ob=/ { object = named($0, objects); next }
  /^c(ob|fi|fe)=/ || /^f[ie]=/ { if ($0 ~ /^cob=/) named($0, objects); next }
  /^cfn=/ { named($0, functions); next }
  /^fn=/ { name = named($0, functions); sub(/\047[0-9]+$/, "", name); mine = (object == binary); if (mine) cost[name] += 0; next }
  /^calls=/ { skip = 1; next }
  /^[0-9+-]/ { if (skip) { skip = 0; next } if (mine) cost[name] += $2; next }
  END { for (n in cost) print cost[n], n }
' "$work/callgrind.out" "$work/terminal.out" | sort -k1,1nr -k2 | cut -d' ' -f2- >contrib/heartline.order
# The file is no input SwiftPM tracks: remove the binary so that the next build links it again.
rm -f "$binary"
echo "order-symbols: $(wc -l <contrib/heartline.order) functions in contrib/heartline.order" >&2
