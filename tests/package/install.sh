#!/usr/bin/env bash
# Installs the built .deb on this machine as a player would, checks what it put there, starts
# the installed app under Xvfb and checks its start screen through WebDriver, then purges the
# package again, also when a check fails. Builds nothing: run scripts/package first.
#
#   tests/package/install.sh [CASTELLAN.deb]   default: the newest .deb scripts/package made
#
# Needs root (dpkg). Refuses to run where Castellan is already installed, so that a player's
# own installation is never replaced or removed by a test.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/setup.sh

fail() {
  echo "package test: $*" >&2
  exit 1
}

[[ $EUID -eq 0 ]] || fail "needs root to install with dpkg"

if (($#)); then
  deb=$1
else
  target_dir=$(cargo_target_dir)
  # The newest: an older version's package may still lie beside it.
  deb=$(ls -t "$target_dir"/release/bundle/deb/*.deb 2>/dev/null | head -n 1) ||
    fail "no .deb in $target_dir/release/bundle/deb: run scripts/package"
fi
[[ -f $deb ]] || fail "no package at $deb"

name=$(dpkg-deb -f "$deb" Package)
version=$(dpkg-deb -f "$deb" Version)
if dpkg-query -W -f='${Status}' "$name" 2>/dev/null | grep -q "install ok installed"; then
  fail "$name is already installed on this machine; remove it (dpkg -r $name) to run this test"
fi

# From here on the package may be (half) installed: take it away whatever happens.
removed=false
remove() {
  $removed && return 0
  removed=true
  # Purge, not only remove: nothing of the package is left in dpkg's records either.
  dpkg --purge "$name" >/dev/null || echo "package test: could not remove $name" >&2
}
trap remove EXIT
trap 'exit 130' INT TERM

echo "package test: installing $deb"
dpkg -i "$deb"

# What the package declares and what it put on the machine.
depends=$(dpkg-query -W -f='${Depends}' "$name")
for dep in libwebkit2gtk-4.1-0 libgtk-3-0; do
  [[ $depends =~ (^|,\ )$dep($|[\ ,]) ]] || fail "Depends lacks $dep: $depends"
done
for file in /usr/bin/castellan /usr/bin/castellan-app; do
  [[ -x $file ]] || fail "$file is not installed as a program"
done
desktop=$(dpkg -L "$name" | grep '^/usr/share/applications/.*\.desktop$') || fail "no desktop entry"
grep -qx "Exec=castellan-app" "$desktop" || fail "$desktop does not start castellan-app: $(cat "$desktop")"
icon=$(sed -n 's/^Icon=//p' "$desktop")
dpkg -L "$name" | grep -q "^/usr/share/icons/hicolor/.*/apps/$icon\.png$" || fail "no icon $icon in the package"

# The command line on PATH is the release build and names the package's version.
cli_version=$(/usr/bin/castellan --version)
[[ $cli_version == "castellan $version (engine "*")" ]] || fail "castellan --version says '$cli_version', the package is $version"
/usr/bin/castellan check tests/scenarios/*.json >/dev/null || fail "the installed castellan does not pass the rule scenarios"

# The installed app in a real window; its About line must name the same version.
CASTELLAN_VERSION=$version E2E_APP=/usr/bin/castellan-app E2E_FILES=tests/package/installed.e2e.mjs \
  bash tests/e2e/run.sh --no-build

remove
for file in /usr/bin/castellan /usr/bin/castellan-app "$desktop"; do
  [[ ! -e $file ]] || fail "$file is still there after removing the package"
done
! dpkg-query -W "$name" >/dev/null 2>&1 || fail "dpkg still lists $name"

mb() { awk -v kib="$1" 'BEGIN { printf "%.1f", kib / 1024 }'; }
echo "metric deb_installed_mb=$(mb "$(dpkg-deb -f "$deb" Installed-Size)")"
echo "package test: $name $version installed, ran and was removed"
