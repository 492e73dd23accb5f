#!/usr/bin/env bash
# The production install works: the committed tree plus the built output (apps/web/dist,
# apps/api/dist, packages/contracts/dist from `npm run build`), installed with
# `npm ci --omit=dev`, starts with `npm run start:prod` and answers /readyz.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
# the server runs in a session of its own, so the whole group (npm and node) is stopped at the end
trap '[ -z "${pid:-}" ] || kill -- "-$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
git -C "$root" archive HEAD | tar -x -C "$work"
for d in apps/web/dist apps/api/dist packages/contracts/dist; do
  [ -d "$root/$d" ] || { echo "production check: $d is missing; run npm run build first" >&2; exit 1; }
  mkdir -p "$work/$d" && cp -a "$root/$d/." "$work/$d/"
done
cd "$work"
npm ci --omit=dev --no-audit --no-fund --loglevel=error
[ ! -d node_modules/tsx ] || { echo "production check: a dev dependency (tsx) was installed" >&2; exit 1; }
# the sandbox's face model (@ekyc/sandbox-face, some 130 MB with TensorFlow.js) is a development dependency
[ ! -d node_modules/@vladmandic/human ] || { echo "production check: the sandbox face model was installed" >&2; exit 1; }
port="$(node -e 'const s=require("net").createServer().listen(0,()=>{console.log(s.address().port);s.close()})')"
PORT="$port" DATA_DIR="$work/.data" LOG_LEVEL=warn setsid npm run start:prod >"$work/server.log" 2>&1 &
pid=$!
for _ in $(seq 1 600); do
  if curl -sf "http://127.0.0.1:$port/readyz" >/dev/null; then
    curl -sf "http://127.0.0.1:$port/ekyc1/" | grep -q '<div id="root">' || { echo "production check: no web app" >&2; exit 1; }
    echo "production check: npm ci --omit=dev && npm run start:prod answers /readyz and serves the web app"
    exit 0
  fi
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.5
done
echo "production check: the server did not become ready" >&2
cat "$work/server.log" >&2
exit 1
