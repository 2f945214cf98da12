# Set-up shared by scripts/start and scripts/test: Debian packages, npm packages from the
# lockfile, and (for tests) tauri-driver. Each step checks first, so a machine that already
# has everything spends a few seconds here and downloads nothing.
# shellcheck shell=bash

# Packages Tauri's WebKitGTK window needs to build and run, and what the AppImage is made with
# (scripts/appimage): mksquashfs for its image, patchelf to point the bundled libraries at one
# another, glib-compile-schemas for GTK's settings schemas.
BUILD_PACKAGES=(build-essential pkg-config curl file libssl-dev libxdo-dev
  libwebkit2gtk-4.1-dev libgtk-3-dev libsoup-3.0-dev librsvg2-dev libayatana-appindicator3-dev
  squashfs-tools patchelf libglib2.0-bin)
# Packages the end-to-end tests need: a virtual display, WebKit's WebDriver, `import` to
# photograph the display, Python's GTK bindings for the bare WebKitGTK window the
# performance run measures beside the app, a D-Bus daemon for the test of a second start, and
# debootstrap for the chroot without WebKitGTK that the AppImage is started in.
TEST_PACKAGES=(xvfb xauth webkit2gtk-driver imagemagick xdotool python3-gi gir1.2-webkit2-4.1 dbus-daemon debootstrap)

# Installs the Debian packages that are not installed yet.
ensure_apt() {
  local missing=() pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  ((${#missing[@]})) || return 0
  echo "setup: installing Debian packages: ${missing[*]}"
  local sudo=()
  if [[ $EUID -ne 0 ]]; then
    command -v sudo >/dev/null || { echo "setup: need root (or sudo) to install ${missing[*]}" >&2; return 1; }
    sudo=(sudo)
  fi
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
}

# The Rust toolchain rust-toolchain.toml pins. rustup would download it, and these machines
# reach no Rust dist server; when the machine's stable toolchain is that very release, it is
# registered under the pinned name instead (rustup refuses `toolchain link` for a name that
# looks like a release, so the link is made by hand, as rustup itself lays toolchains out).
ensure_toolchain() {
  local want home host stable have
  want=$(sed -n 's/^channel *= *"\(.*\)"/\1/p' rust-toolchain.toml)
  home=${RUSTUP_HOME:-$HOME/.rustup}
  command -v rustup >/dev/null || return 0
  host=$(RUSTUP_TOOLCHAIN=stable rustc -vV | sed -n 's/^host: //p')
  [[ -e "$home/toolchains/$want-$host" ]] && return 0
  stable="$home/toolchains/stable-$host"
  have=$(RUSTUP_TOOLCHAIN=stable rustc --version | awk '{print $2}')
  if [[ "$have" == "$want" && -d "$stable" ]]; then
    ln -s "$stable" "$home/toolchains/$want-$host"
  else
    rustup toolchain install "$want" --profile minimal --component rustfmt --component clippy
  fi
}

# npm packages exactly as package-lock.json has them. `npm ci` cannot be used: the registry
# here lacks the other platforms' optional @tauri-apps/cli builds, which the lockfile omits.
# `--no-save`: a plain install writes those builds back into package-lock.json.
ensure_npm() {
  command -v npm >/dev/null || { echo "setup: npm not found; install Node.js 20 or newer" >&2; return 1; }
  if [[ -f node_modules/.package-lock.json && node_modules/.package-lock.json -nt package-lock.json ]]; then
    return 0
  fi
  npm install --no-save --no-audit --no-fund --loglevel=error
  touch node_modules/.package-lock.json
}

# tauri-driver bridges WebDriver clients to the app; pinned to 2.x.
ensure_tauri_driver() {
  export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
  command -v tauri-driver >/dev/null && return 0
  cargo install tauri-driver --locked --version '^2'
}

# Where cargo puts its builds: ./target, or CARGO_TARGET_DIR.
cargo_target_dir() {
  cargo metadata --format-version 1 --no-deps | node -e \
    'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => console.log(JSON.parse(s).target_directory))'
}
