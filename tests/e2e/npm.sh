# Sourced by the end-to-end scripts: installs the agent CLIs pinned in
# package-lock.json beside this file, once, into one shared cache.
#
# e2e_npm_install prints the node_modules folder, or one line starting with
# "SKIP: " when npm or its registry cannot be reached. installed.lock is
# written only after a whole install, so an interrupted one, or one from
# another lock file, is redone. Install scripts are skipped: every CLI here
# runs without them (the native binaries come as packages of their own).
e2e_npm_install() {
  local here cache target
  here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
  target=${CARGO_TARGET_DIR:-target}
  [[ $target == /* ]] || target=$(cd "$here/../.." && pwd)/$target
  cache=${ASKRISKY_E2E_CACHE:-$target/e2e/npm}
  if ! cmp -s "$here/package-lock.json" "$cache/installed.lock" || [[ ! -d $cache/node_modules ]]; then
    if ! command -v npm >/dev/null 2>&1; then
      echo "SKIP: npm is not installed"
      return 0
    fi
    # One quick try: an unreachable registry is a skip, not a minute of retries.
    if ! timeout 30 npm ping --fetch-retries=0 --fetch-timeout=20000 >/dev/null 2>&1; then
      echo "SKIP: npm cannot reach its registry"
      return 0
    fi
    rm -rf "$cache"
    mkdir -p "$cache"
    cp "$here/package.json" "$here/package-lock.json" "$cache/"
    (cd "$cache" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >&2) || {
      echo "error: npm ci in $cache failed" >&2
      return 1
    }
    cp "$here/package-lock.json" "$cache/installed.lock"
  fi
  echo "$cache/node_modules"
}
