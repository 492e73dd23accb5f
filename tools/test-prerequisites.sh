#!/usr/bin/env bash
# What `npm test` needs from the machine besides Node.js, checked before the first phase.
#
# The suites call system tools as independent judges of what the platform makes: xmlsec1 (XML
# signatures), openssl (CMS/PKCS#7 and AES bodies), pdfsig, pdfinfo and pdftotext from poppler and
# qpdf (PDFs), tar (the test database template); redis-server for the fault tests (they start a
# Redis of their own); promtool (Prometheus's rule checker) for the alert rules; pg_dump and
# pg_restore for the server-mode restore drill (the client's version must not be older than the
# server's); Chromium for the browser journeys (Debian's headless shell when present,
# else the full browser, or CHROMIUM_PATH); the Noto fonts so Indic text renders as text.
#
# When any is missing and this runs as root where apt-get exists, it installs them in one go
# (one index update) and says so. Otherwise it stops at once with one line naming what is missing
# and the command that installs it. TEST_PREREQUISITES=check never installs (the check of this
# script runs it so).
set -uo pipefail

# tool:Debian package:Homebrew name
TOOLS=(
  xmlsec1:xmlsec1:xmlsec1
  openssl:openssl:openssl@3
  pdfsig:poppler-utils:poppler
  pdfinfo:poppler-utils:poppler
  pdftotext:poppler-utils:poppler
  qpdf:qpdf:qpdf
  tar:tar:gnu-tar
  redis-server:redis-server:redis
  promtool:prometheus:prometheus
  pg_dump:postgresql-client:libpq
  pg_restore:postgresql-client:libpq
)
HEADLESS_SHELL=/usr/lib/chromium/chromium-headless-shell

missing_tools=()
missing_packages=()
brew_names=()
add() { # tool, Debian package, Homebrew name
  missing_tools+=("$1")
  [[ " ${missing_packages[*]} " == *" $2 "* ]] || missing_packages+=("$2")
  [[ " ${brew_names[*]} " == *" $3 "* ]] || brew_names+=("$3")
}

check() {
  missing_tools=() missing_packages=() brew_names=()
  for entry in "${TOOLS[@]}"; do
    IFS=: read -r tool package brew <<<"$entry"
    command -v "$tool" >/dev/null 2>&1 || add "$tool" "$package" "$brew"
  done
  if [ -n "${CHROMIUM_PATH:-}" ]; then
    [ -x "$CHROMIUM_PATH" ] || add "chromium (CHROMIUM_PATH=$CHROMIUM_PATH)" chromium --cask-chromium
  elif ! command -v chromium >/dev/null 2>&1 && ! [ -x "$HEADLESS_SHELL" ]; then
    add chromium chromium --cask-chromium
  fi
  # grep reads fc-list's whole output (with -q, fc-list cut off early would fail the pipe)
  if ! { command -v fc-list >/dev/null 2>&1 && fc-list 2>/dev/null | grep NotoSansDevanagari >/dev/null; }; then
    add "Noto fonts" fonts-noto-core --cask-font-noto-sans-devanagari
    command -v fc-list >/dev/null 2>&1 || missing_packages+=(fontconfig)
  fi
}

join() { local out="$1" item; shift; for item in "$@"; do out+=", $item"; done; echo "$out"; }

say_missing() {
  local formulas=() casks=() name how
  for name in "${brew_names[@]}"; do
    if [[ $name == --cask-* ]]; then casks+=("${name#--cask-}"); else formulas+=("$name"); fi
  done
  how="sudo apt-get install -y ${missing_packages[*]}"
  if [ "$(uname -s)" = Darwin ]; then
    how=""
    [ ${#formulas[@]} -eq 0 ] || how="brew install ${formulas[*]}"
    [ ${#casks[@]} -eq 0 ] || how="${how:+$how && }brew install --cask ${casks[*]}"
  fi
  echo "npm test needs $(join "${missing_tools[@]}") on this machine: install with \`$how\`, then run npm test again." >&2
}

check
[ ${#missing_tools[@]} -eq 0 ] && exit 0

if [ "${TEST_PREREQUISITES:-install}" = check ] || [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  say_missing
  exit 1
fi

# the headless shell only makes the browser tests faster: it is asked for with the browser and
# dropped when the distribution lacks it
wanted=("${missing_packages[@]}")
[[ " ${missing_packages[*]} " != *" chromium "* ]] || wanted+=(chromium-headless-shell)
echo "npm test needs ${missing_tools[*]}: installing the Debian packages ${wanted[*]}"
started=$SECONDS
apt-get update -qq >/dev/null 2>&1 || true
install() { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null; }
install "${wanted[@]}" || install "${missing_packages[@]}"
echo "Installed in $((SECONDS - started)) s."

check
if [ ${#missing_tools[@]} -gt 0 ]; then
  say_missing
  exit 1
fi
