#!/usr/bin/env bash
# Starts the AppImage where neither WebKitGTK nor GTK nor GLib is installed: in a minimal Debian
# chroot (debootstrap --variant=minbase) that holds only what the AppImage leaves to the host,
# the packages of the host's libraries its programs need (src-tauri/appimage/host-libraries),
# Mesa's drivers and one font. Runs `castellan --version` there and checks the start screen
# through WebDriver as tests/package/install.sh does (screenshot
# target/e2e/appimage-chroot-start.png): the proof that the AppImage carries the rest.
#
#   tests/package/appimage-chroot.sh [CASTELLAN.AppImage]   default: the newest scripts/package made
#
# Needs root (chroot and its mounts) and debootstrap, and Debian's mirror the first time: the
# chroot is kept in target/appimage-chroot (about 500 MB, made in about a minute) and made
# again only when the list of packages changes.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/setup.sh

fail() {
  echo "appimage chroot test: $*" >&2
  exit 1
}

[[ $EUID -eq 0 ]] || fail "needs root for chroot and its mounts"
command -v debootstrap >/dev/null || fail "debootstrap is missing: scripts/setup.sh installs it (TEST_PACKAGES)"
target_dir=$(cargo_target_dir)
if (($#)); then
  appimage=$1
else
  appimage=$(ls -t "$target_dir"/release/bundle/appimage/*.AppImage 2>/dev/null | head -n 1) ||
    fail "no AppImage in $target_dir/release/bundle/appimage: run scripts/package"
fi
[[ -x $appimage ]] || fail "no AppImage at $appimage"
appimage=$(realpath "$appimage")
version=$(basename "$appimage" | sed -n 's/^Castellan_\(.*\)_amd64\.AppImage$/\1/p')
root=$target_dir/appimage-chroot
work=$(mktemp -d)
mounted=()
cleanup() {
  local i
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount -R "${mounted[i]}" 2>/dev/null || umount -l "${mounted[i]}" || true; done
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# A run killed before its clean-up may have left this machine's /dev, /sys, /tmp or /proc
# mounted in the chroot: take them away before anything there is removed or mounted again.
mounts_under() { awk -v root="$root/" 'index($2 "/", root) == 1 { print $2 }' /proc/mounts; }
while read -r leftover; do
  [[ -n $leftover ]] && umount -R -l "$leftover" 2>/dev/null || true
done < <(mounts_under | sort -r)
[[ -z $(mounts_under) ]] || fail "cannot unmount what an earlier run left in $root: $(mounts_under)"

# The host's libraries the AppImage's programs need, and the Debian packages holding them here.
host_patterns=()
while read -r line; do
  [[ -z $line || $line == \#* ]] || host_patterns+=("$line")
done <src-tauri/appimage/host-libraries
host_bound() {
  local pattern
  for pattern in "${host_patterns[@]}"; do
    # shellcheck disable=SC2053 # the pattern is a glob on purpose
    [[ $1 == $pattern ]] && return 0
  done
  return 1
}
(cd "$work" && "$appimage" --appimage-extract >/dev/null)
appdir=$work/squashfs-root
mapfile -t needed < <(find "$appdir/usr" -type f -print0 | xargs -0 file --no-pad | awk -F: '/ELF/ { print $1 }' |
  xargs objdump -p | awk '$1 == "NEEDED" { print $2 }' | sort -u)
# Mesa's drivers, which libglvnd loads by name, and a font: a desktop has both.
packages=(libgl1-mesa-dri libglx-mesa0 libegl-mesa0 fonts-dejavu-core)
for soname in "${needed[@]}"; do
  [[ -e $appdir/usr/lib/$soname ]] && continue
  host_bound "$soname" || fail "$soname is needed, but neither bundled nor the host's"
  package=$(dpkg -S "*/$soname" 2>/dev/null | grep -v -- '-dev:' | head -n 1 | cut -d: -f1) ||
    fail "no package of this machine holds $soname"
  [[ -n $package ]] || fail "no package of this machine holds $soname"
  packages+=("$package")
done
rm -rf "$appdir"
mapfile -t packages < <(printf '%s\n' "${packages[@]}" | sort -u)
wanted=$(printf '%s\n' "${packages[@]}")

if [[ ! -f $root/.packages || $(cat "$root/.packages") != "$wanted" ]]; then
  echo "appimage chroot test: making a minimal Debian chroot with ${packages[*]}"
  rm -rf "$root" "$root.part"
  suite=$(. /etc/os-release && echo "$VERSION_CODENAME")
  debootstrap --variant=minbase --include="$(IFS=,; echo "${packages[*]}")" "$suite" "$root.part" http://deb.debian.org/debian >"$work/debootstrap.log" ||
    { tail -n 20 "$work/debootstrap.log" >&2; fail "debootstrap failed"; }
  echo "$wanted" >"$root.part/.packages"
  mv "$root.part" "$root"
fi
for library in libwebkit2gtk-4.1.so.0 libgtk-3.so.0 libglib-2.0.so.0 libsoup-3.0.so.0 libcairo.so.2; do
  ! compgen -G "$root/usr/lib/x86_64-linux-gnu/$library*" >/dev/null || fail "the chroot has $library: it proves nothing"
done

mkdir -p "$root/opt"
cp "$appimage" "$root/opt/Castellan.AppImage"
mount -t proc proc "$root/proc" && mounted+=("$root/proc")
mount --rbind /dev "$root/dev" && mounted+=("$root/dev")
mount --bind /sys "$root/sys" && mounted+=("$root/sys")
# The X server's socket, and the folders the test run makes for the app's data and cache.
mount --bind /tmp "$root/tmp" && mounted+=("$root/tmp")

cli_version=$(chroot "$root" env XDG_CACHE_HOME=/tmp/"$(basename "$work")"/cache /opt/Castellan.AppImage castellan --version)
[[ $cli_version == "castellan $version (engine "*")" ]] || fail "castellan --version in the chroot says '$cli_version'"

launcher=$work/castellan-in-chroot
printf '#!/bin/sh\nexec chroot %q /opt/Castellan.AppImage "$@"\n' "$root" >"$launcher"
chmod +x "$launcher"
CASTELLAN_VERSION=$version E2E_APP=$launcher E2E_SHOT=appimage-chroot-start E2E_FILES=tests/package/installed.e2e.mjs \
  bash tests/e2e/run.sh --no-build
echo "appimage chroot test: the AppImage started in a Debian chroot without WebKitGTK, GTK or GLib"
