#!/usr/bin/env bash
# The container image builds and runs: deploy/Containerfile built with buildah (deploy/build-image.sh:
# a Debian base made with debootstrap, the build's steps in chroot isolation, which needs neither
# user namespaces nor an OCI runtime), then checked as an operator would before pushing it: it runs
# as user 10001, carries its health check, holds the compiled build and not the sources, and its
# server starts from the image (sandbox staging mode, embedded database) and answers /readyz and
# the web app. Installs buildah, podman and debootstrap from Debian's archive when they are missing.
# Run as root: bash tools/image-check.sh (CI runs it after npm test, .ci/run).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
tag=localhost/ekyc-api:check

missing=()
for tool in buildah podman debootstrap; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if ((${#missing[@]})); then
  echo "image check: installing ${missing[*]} from Debian's packages"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends buildah podman debootstrap >/dev/null
fi

started=$SECONDS
bash "$root/deploy/build-image.sh" "$tag"
echo "image check: built $tag in $((SECONDS - started)) s"

ctr="$(buildah from "$tag")"
trap '[ -z "${pid:-}" ] || kill -- "-$pid" 2>/dev/null || true; buildah rm "$ctr" >/dev/null 2>&1 || true' EXIT
fail() {
  echo "image check: $*" >&2
  exit 1
}
[ "$(buildah inspect --type image --format '{{.Docker.Config.User}}' "$tag")" = "10001:10001" ] ||
  fail "the image does not run as user 10001"
buildah inspect --type image --format '{{.Docker.Config.Healthcheck}}' "$tag" | grep -q healthz ||
  fail "the image has no health check (build it in the docker format: OCI images drop HEALTHCHECK)"
buildah run --isolation chroot "$ctr" -- test -f apps/api/dist/server.js || fail "no compiled API in /app"
if buildah run --isolation chroot "$ctr" -- test -e apps/api/src 2>/dev/null; then fail "the image carries the API's sources"; fi

port="$(node -e 'const s=require("net").createServer().listen(0,()=>{console.log(s.address().port);s.close()})')"
# chroot isolation shares the host's network: the server listens on the host's loopback
setsid buildah run --isolation chroot \
  --env EKYC_ALLOW_INSECURE=true --env PORT="$port" --env HOST=127.0.0.1 --env LOG_LEVEL=warn \
  "$ctr" -- /usr/bin/tini -- node --conditions=ekyc-compiled apps/api/dist/server.js >/tmp/image-check.log 2>&1 &
pid=$!
for _ in $(seq 1 240); do
  if curl -sf "http://127.0.0.1:$port/readyz" >/dev/null; then
    curl -sf "http://127.0.0.1:$port/ekyc1/" | grep -q '<div id="root">' || fail "the image's server serves no web app"
    echo "image check: the image runs as 10001 with its health check, and its server answers /readyz and the web app"
    exit 0
  fi
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.5
done
tail -20 /tmp/image-check.log >&2
fail "the image's server did not answer /readyz"
