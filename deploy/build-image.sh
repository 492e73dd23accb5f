#!/usr/bin/env bash
# Builds the API image from deploy/Containerfile with buildah, on a base made from Debian's own
# archive (debootstrap) when no registry image can be pulled. Run as root from anywhere:
#
#   bash deploy/build-image.sh [tag]          (default tag: localhost/ekyc-api)
#
# buildah runs the build's steps with chroot isolation, which needs no user namespaces or OCI
# runtime (hosts that refuse setrlimit in containers, as some CI sandboxes do, still build). Behind
# a TLS-inspecting proxy set BUILD_CA_BUNDLE to its CA bundle (default: the system's).
# The image is written in the docker format: the OCI format has no place for HEALTHCHECK and
# would drop it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tag=${1:-localhost/ekyc-api}
base=${BASE_IMAGE:-localhost/debian-bookworm}
ca=${BUILD_CA_BUNDLE:-/etc/ssl/certs/ca-certificates.crt}

if ! buildah inspect --type image "$base" >/dev/null 2>&1; then
  rootfs=$(mktemp -d)
  trap 'rm -rf "$rootfs"' EXIT
  debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian
  tar -C "$rootfs" -c . | podman import - "$base"
fi
buildah bud --isolation chroot --format docker --build-arg "BASE=$base" \
  -v "$ca:/run/build-ca.crt:ro" --build-arg NODE_EXTRA_CA_CERTS=/run/build-ca.crt \
  -f "$root/deploy/Containerfile" -t "$tag" "$root"
