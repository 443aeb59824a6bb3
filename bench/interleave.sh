#!/usr/bin/env bash
# interleave.sh N [PAIRS] [PEER]: cold builds of PEER (default hugo) and docsgen, alternated
# PEER, docsgen, PEER, docsgen… with the shared harness's own build scripts and GNU time, so a slow
# spell of this shared VM hits both alike. Prints each pair and the medians.
# Needs ../shared/bench/peers/setup.sh run once (PEERS="hugo" is enough for Hugo).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
export PEERS_DIR=${PEERS_DIR:-/tmp/peers}
SHARED=${SHARED_PEERS:-$(cd "$HERE/../../shared/bench/peers" && pwd)}
N=${1:?usage: interleave.sh N [PAIRS] [PEER]}
PAIRS=${2:-5}
PEER=${3:-hugo}
CORPUS="$PEERS_DIR/corpus/$N"
[[ -f $CORPUS/.corpus.json ]] || node "$SHARED/gen-corpus.mjs" "$N" "$CORPUS" >/dev/null
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
one() { # one PEER RUN
  local script="$SHARED/build-$1.sh"
  [[ $1 == docsgen ]] && script="$HERE/build-docsgen.sh"
  BENCH_TIME_FILE="$TMP/$1-$2.time" "$script" "$CORPUS" "$PEERS_DIR/out/$1-$N" >"$TMP/$1-$2.log" 2>&1 ||
    { echo "$1 build failed:" >&2; tail -20 "$TMP/$1-$2.log" >&2; exit 1; }
  awk -F': ' '/Elapsed \(wall/ { n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; w = s }
    /Maximum resident/ { r = $2 } /User time/ { u = $2 } /System time/ { y = $2 }
    END { printf "%.2f %.0f %.2f\n", w, r / 1024, u + y }' "$TMP/$1-$2.time"
}
printf '%-5s %10s %10s %8s %12s\n' pair "$PEER s" 'docsgen s' ratio 'docsgen MB'
for i in $(seq 1 "$PAIRS"); do
  read -r pw _ _ < <(one "$PEER" "$i")
  read -r dw dr _ < <(one docsgen "$i")
  echo "$pw $dw $dr" >>"$TMP/pairs"
  awk -v i="$i" '{ printf "%-5s %10.2f %10.2f %8.2f %12d\n", i, $1, $2, $2 / $1, $3 }' <<<"$pw $dw $dr"
done
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }
pm=$(awk '{ print $1 }' "$TMP/pairs" | median)
dm=$(awk '{ print $2 }' "$TMP/pairs" | median)
rm_=$(awk '{ print $2 / $1 }' "$TMP/pairs" | median)
mm=$(awk '{ print $3 }' "$TMP/pairs" | median)
printf 'N=%s median: %s %.2f s, docsgen %.2f s, docsgen/%s median of pairs %.2f, docsgen peak RSS %.0f MB\n' "$N" "$PEER" "$pm" "$dm" "$PEER" "$rm_" "$mm"
