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
PEERS=${PEERS:-"hugo vitepress docsgen"} exec "$PEERS_DIR/harness/run.sh" "$@"
