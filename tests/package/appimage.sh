#!/usr/bin/env bash
# Runs the AppImage scripts/package made as a player would and checks it: its format (the
# type-2 magic, the image where --appimage-offset says, --appimage-extract equal to what
# squashfs-tools' own unsquashfs reads), the `castellan` command line inside (through a link
# named castellan, and as `castellan` argument), that a second start reuses the unpacked copy,
# that a start removes other versions' copies unless one still runs, that a killed unpack
# and a truncated or damaged AppImage are never used, and, under Xvfb
# through WebDriver, its start screen and the libraries its processes map
# (tests/package/appimage.e2e.mjs). Prints the start times as `metric …` lines.
#
#   tests/package/appimage.sh [CASTELLAN.AppImage]   default: the newest scripts/package made
#
# Builds nothing and needs no root; every cache it unpacks into is a temporary folder.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/setup.sh

fail() {
  echo "appimage test: $*" >&2
  exit 1
}

if (($#)); then
  appimage=$1
else
  target_dir=$(cargo_target_dir)
  appimage=$(ls -t "$target_dir"/release/bundle/appimage/*.AppImage 2>/dev/null | head -n 1) ||
    fail "no AppImage in $target_dir/release/bundle/appimage: run scripts/package"
fi
[[ -x $appimage ]] || fail "no AppImage at $appimage"
appimage=$(realpath "$appimage")
version=$(basename "$appimage" | sed -n 's/^Castellan_\(.*\)_amd64\.AppImage$/\1/p')
[[ -n $version ]] || fail "$appimage is not named Castellan_<version>_amd64.AppImage"

work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
now_ms() { echo $(($(date +%s%N) / 1000000)); }
only_copy() {
  local copies=("$1"/castellan/appimage/*)
  ((${#copies[@]} == 1)) && [[ -d ${copies[0]} && $(basename "${copies[0]}") == "$version"-* ]] ||
    fail "expected one copy named $version-… in $1/castellan/appimage: $(ls -A "$1/castellan/appimage" 2>&1)"
  echo "${copies[0]}"
}

# The format.
[[ $(od -An -c -j 8 -N 3 "$appimage" | tr -d ' ') == AI002 ]] || fail "no type-2 magic AI\\x02 at byte 8"
offset=$("$appimage" --appimage-offset)
[[ $(od -An -c -j "$offset" -N 4 "$appimage" | tr -d ' ') == hsqs ]] || fail "no squashfs image at offset $offset"
(cd "$work" && "$appimage" --appimage-extract >/dev/null)
unsquashfs -q -n -o "$offset" -d "$work/reference" "$appimage" >/dev/null
tree() { (cd "$1" && find . -printf '%p %y %m %s %l\n' | sort); }
diff <(tree "$work/squashfs-root") <(tree "$work/reference") >/dev/null ||
  fail "--appimage-extract and unsquashfs disagree on names, modes or sizes"
diff -r --no-dereference "$work/squashfs-root" "$work/reference" >/dev/null ||
  fail "--appimage-extract and unsquashfs disagree on contents"
root=$work/squashfs-root
[[ -x $root/AppRun && -x $root/usr/bin/castellan-app && -x $root/usr/bin/castellan ]] || fail "AppRun or a program is missing"
desktop=$(ls "$root"/*.desktop)
grep -qx "Name=Castellan" "$desktop" && grep -qx "X-AppImage-Version=$version" "$desktop" || fail "the desktop entry: $(cat "$desktop")"
icon=$(sed -n 's/^Icon=//p' "$desktop")
[[ -f $root/$icon.png && $(readlink "$root/.DirIcon") == "$icon.png" ]] || fail "no icon $icon.png or .DirIcon at the top"
[[ -f $root/usr/lib/webkit2gtk-4.1/WebKitWebProcess ]] || fail "WebKit's web process is not bundled"
! grep -qa /usr/lib/x86_64-linux-gnu/webkit2gtk-4.1 "$root/usr/lib/libwebkit2gtk-4.1.so.0" ||
  fail "the bundled libwebkit2gtk still looks for its helpers in the host's folder"
echo "appimage test: format, --appimage-offset $offset and --appimage-extract are right"

# The command line inside, reached through a link named castellan, agrees with the AppImage's
# version; the first call unpacks, the second reuses the copy, and paths are the caller's.
cache=$work/cache
mkdir -p "$work/bin"
ln -s "$appimage" "$work/bin/castellan"
t0=$(now_ms)
cli_version=$(XDG_CACHE_HOME=$cache "$work/bin/castellan" --version)
t1=$(now_ms)
[[ $cli_version == "castellan $version (engine "*")" ]] || fail "castellan --version says '$cli_version', the AppImage is $version"
copy=$(only_copy "$cache")
inode=$(stat -c %i "$copy/usr/bin/castellan")
# An unpack, even one whose copy loses to the one there, makes and removes a temporary folder
# beside the copy, which changes the folder's modification time.
touched=$(stat -c %y "$cache/castellan/appimage")
t2=$(now_ms)
[[ $(XDG_CACHE_HOME=$cache "$appimage" castellan --version) == "$cli_version" ]] || fail "'AppImage castellan --version' differs"
t3=$(now_ms)
[[ $(only_copy "$cache") == "$copy" && $(stat -c %i "$copy/usr/bin/castellan") == "$inode" ]] &&
  [[ $(stat -c %y "$cache/castellan/appimage") == "$touched" ]] ||
  fail "the second start unpacked again"
XDG_CACHE_HOME=$cache "$work/bin/castellan" check tests/scenarios/*.json >/dev/null ||
  fail "the AppImage's castellan does not pass the rule scenarios, given by paths relative to here"
echo "metric appimage_unpack_ms=$((t1 - t0)) appimage_reuse_ms=$((t3 - t2))"

# An update: a start removes the copies of other AppImages that nothing runs, and its own copy
# stays held by the program it runs (the lock handed on across exec) until that exits.
cache=$work/cache-update
old=$cache/castellan/appimage/0.0.1-0123456789abcdef
mkdir -p "$old/read-only" && chmod 555 "$old/read-only"
XDG_CACHE_HOME=$cache "$work/bin/castellan" --version >/dev/null
[[ ! -e $old ]] || fail "the copy of an older AppImage was left behind"
copy=$(only_copy "$cache")
mkfifo "$work/held"
XDG_CACHE_HOME=$cache "$work/bin/castellan" check "$work/held" >/dev/null 2>&1 &
pid=$!
for _ in $(seq 1 500); do
  [[ $(readlink "/proc/$pid/exe" 2>/dev/null) == "$copy"/* ]] && break
  sleep 0.01
done
[[ $(readlink "/proc/$pid/exe" 2>/dev/null) == "$copy"/* ]] || fail "castellan did not start from $copy"
flock -n -x "$copy" true && fail "a running castellan does not hold its copy: another version's start would remove it"
: >"$work/held"
wait "$pid" 2>/dev/null || true
flock -n -x "$copy" true || fail "the copy is still held after castellan exited"
echo "appimage test: an older copy was removed, the copy in use held until its program exited"

# An unpack killed half-way leaves no copy; the next start removes what it left and unpacks.
cache=$work/cache-killed
XDG_CACHE_HOME=$cache "$work/bin/castellan" --version >/dev/null &
pid=$!
killed=false
for _ in $(seq 1 500); do
  if compgen -G "$cache/castellan/appimage/.unpack-*/usr/lib/*" >/dev/null; then
    kill -KILL "$pid" 2>/dev/null && killed=true
    break
  fi
  sleep 0.01
done
wait "$pid" 2>/dev/null || true
$killed || fail "could not catch the unpack half-way to kill it"
compgen -G "$cache/castellan/appimage/$version-*" >/dev/null && fail "a killed unpack left a copy to be used"
compgen -G "$cache/castellan/appimage/.unpack-*" >/dev/null || fail "the killed unpack left no temporary folder (was it killed?)"
[[ $(XDG_CACHE_HOME=$cache "$work/bin/castellan" --version) == "$cli_version" ]] || fail "the start after a killed unpack failed"
only_copy "$cache" >/dev/null
echo "appimage test: a killed unpack was never used, and cleaned up by the next start"

# A truncated AppImage, and one with a byte changed in its image, are refused and leave nothing.
size=$(stat -c %s "$appimage")
head -c $((size / 2)) "$appimage" >"$work/truncated.AppImage"
cp "$appimage" "$work/damaged.AppImage"
printf 'X' | dd of="$work/damaged.AppImage" bs=1 seek=$((offset + (size - offset) / 2)) conv=notrunc status=none
chmod +x "$work/truncated.AppImage" "$work/damaged.AppImage"
for broken in truncated damaged; do
  cache=$work/cache-$broken
  if XDG_CACHE_HOME=$cache "$work/$broken.AppImage" castellan --version >"$work/out" 2>"$work/err"; then
    fail "the $broken AppImage ran: $(cat "$work/out")"
  fi
  [[ ! -s $work/out ]] || fail "the $broken AppImage printed $(cat "$work/out")"
  [[ -z $(ls -A "$cache/castellan/appimage" 2>/dev/null) ]] || fail "the $broken AppImage left $(ls -A "$cache/castellan/appimage")"
  echo "appimage test: the $broken AppImage is refused: $(cat "$work/err")"
done

# The window, started through tauri-driver with the AppImage as the application.
CASTELLAN_VERSION=$version E2E_APP=$appimage E2E_FILES=tests/package/appimage.e2e.mjs \
  bash tests/e2e/run.sh --no-build
echo "appimage test: $(basename "$appimage") ($(du -m "$appimage" | cut -f1) MB) started, ran and refused what it must"
