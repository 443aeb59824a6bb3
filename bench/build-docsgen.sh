#!/usr/bin/env bash
# build-docsgen.sh DIR_WITH_CORPUS OUTDIR
# docsgen as one more peer of ../shared/bench/peers (same helpers: lib.sh's offline, timed,
# time-limited run_build). The corpus becomes content/, the config is a sidebar of every corpus page
# grouped by section (bench/corpus-config.mjs), links are warnings (the corpus is synthetic), and the
# on-disk cache is removed first so the build is cold. DOCSGEN_WARM=1 keeps the cache.
PEER=docsgen
HERE=$(cd "$(dirname "$0")" && pwd)
DOCSGEN_DIR=${DOCSGEN_DIR:-$(cd "$HERE/.." && pwd)}
SHARED=${SHARED_PEERS:-$(cd "$DOCSGEN_DIR/../shared/bench/peers" && pwd)}
source "$SHARED/lib.sh"
mkdir -p "$PEERS_DIR" && ln -sfn "$DOCSGEN_DIR" "$PEERS_DIR/docsgen"
parse_args "$@"
site="$PEERS_DIR/docsgen-site"
if [[ ${DOCSGEN_WARM:-0} == 1 && -d $site/content ]]; then
  : # keep content, config and cache from the previous build
else
  rm -rf "$site"; mkdir -p "$site"
  copy_corpus "$site/content"
  node "$HERE/corpus-config.mjs" "$site/content" "$site/config"
fi
run_build node "$DOCSGEN_DIR/bin/docsgen.js" build --root "$site" --out "$OUTDIR" --links warn --quiet
mark_out
