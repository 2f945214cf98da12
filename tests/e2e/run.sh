#!/usr/bin/env bash
# End-to-end tests of the real app window: the built app (UI embedded) driven through
# tauri-driver and WebKitWebDriver under Xvfb. Screenshots go to target/e2e/.
#
#   tests/e2e/run.sh            builds the app, then runs the suite
#   tests/e2e/run.sh --no-build runs the suite against the app already built
#   tests/e2e/run.sh --release  the same with the release build players install (also with --no-build)
#
# E2E_FILES picks test files, E2E_APP another build of the app (e.g. /usr/bin/castellan-app).
set -euo pipefail
cd "$(dirname "$0")/../.."

export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
build=true profile=debug
for arg in "$@"; do
  case $arg in
    --no-build) build=false ;;
    --release) profile=release ;;
    *) echo "e2e: unknown option $arg" >&2; exit 2 ;;
  esac
done
APP="${E2E_APP:-${CARGO_TARGET_DIR:-$PWD/target}/$profile/castellan-app}"
# The performance run names its figures by the build they measure.
export E2E_PROFILE=$profile
# WebDriver's port (and the next one for the native driver); another port lets two runs share a machine.
export E2E_PORT="${E2E_PORT:-4444}"

if $build; then
  if [[ $profile == release ]]; then npx tauri build --no-bundle; else npx tauri build --debug --no-bundle; fi
fi

missing=()
for tool in tauri-driver WebKitWebDriver xvfb-run import; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if ((${#missing[@]})); then
  echo "e2e: missing ${missing[*]}; run scripts/test (it installs them) or see README.md" >&2
  exit 1
fi
[[ -x "$APP" ]] || { echo "e2e: no app binary at $APP" >&2; exit 1; }

# Both ports must be free: on a taken one the suite would drive another run's driver and window.
for port in "$E2E_PORT" "$((E2E_PORT + 1))"; do
  if (: <"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    echo "e2e: port $port is taken (another run?); pick others with E2E_PORT" >&2
    exit 1
  fi
done

mkdir -p target/e2e
# Inside xvfb-run: a fresh app-data folder per run, tauri-driver in the background, the suite.
# Big enough for the largest window size the tests take screenshots at.
exec xvfb-run -a -s "-screen 0 1920x1080x24" bash -c '
  set -euo pipefail
  export XDG_DATA_HOME="$(mktemp -d)" XDG_CONFIG_HOME="$(mktemp -d)" XDG_CACHE_HOME="$(mktemp -d)"
  # No session bus: the app hands a second start over to the one already running through it,
  # and must never find a Castellan of the desktop the suite runs on (tests start a bus of their own).
  export DBUS_SESSION_BUS_ADDRESS="disabled:"
  tauri-driver --port "$E2E_PORT" --native-port "$((E2E_PORT + 1))" > target/e2e/tauri-driver.log 2>&1 &
  driver=$!
  trap "kill $driver 2>/dev/null || true" EXIT
  for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$E2E_PORT/status" >/dev/null && break; sleep 0.1; done
  curl -sf "http://127.0.0.1:$E2E_PORT/status" >/dev/null || { echo "e2e: tauri-driver did not start" >&2; cat target/e2e/tauri-driver.log >&2; exit 1; }
  APP="'"$APP"'" node --test --test-concurrency=1 ${E2E_FILES:-tests/e2e/*.e2e.mjs}
'
