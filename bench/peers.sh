#!/usr/bin/env bash
# peers.sh N : docsgen side by side with the peers in one run of the shared harness.
# Copies ../shared/bench/peers to $PEERS_DIR/harness, adds bench/build-docsgen.sh, and runs its run.sh.
# Run ../shared/bench/peers/setup.sh once first (PEERS="hugo vitepress" for just those two).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
export PEERS_DIR=${PEERS_DIR:-/tmp/peers}
SHARED=${SHARED_PEERS:-$(cd "$HERE/.." && cd ../shared/bench/peers && pwd)}
mkdir -p "$PEERS_DIR/harness"
cp "$SHARED"/*.sh "$SHARED"/*.mjs "$PEERS_DIR/harness/"
cat > "$PEERS_DIR/harness/build-docsgen.sh" <<SH
#!/usr/bin/env bash
SHARED_PEERS="$SHARED" DOCSGEN_DIR="$(cd "$HERE/.." && pwd)" exec "$HERE/build-docsgen.sh" "\$@"
SH
chmod +x "$PEERS_DIR/harness/"*.sh
# docsgen runs right after Hugo, VitePress last: a build that follows VitePress's (2.9 GB RSS,
# 1000 pages written) shares the machine with the kernel reclaiming that memory and writing those
# pages back. Measured at 1000 pages: docsgen 2.62 s (CPU 4.5 s) right after VitePress, 2.19 s
# (CPU 3.6 s) right after Hugo, with Hugo at 5.27 and 5.20 s; Hugo itself runs first either way.
PEERS=${PEERS:-"hugo docsgen vitepress"} exec "$PEERS_DIR/harness/run.sh" "$@"
