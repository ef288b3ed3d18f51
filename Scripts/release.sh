#!/usr/bin/env bash
# Writes a release into dist/: the binary archive for this machine
# (iapkit-VERSION-OS-ARCH.tar.gz, holding bin/iapkit and README.md), the source archive of HEAD
# (iapkit-VERSION.tar.gz) and a Homebrew formula for that source archive (iapkit.rb), with the
# checksums of all three in SHA256SUMS. IAPKIT_RELEASE_URL is where the source archive will be
# published (the formula's url); it defaults to a file:// URL of dist/, for trying the formula
# locally with `brew install --formula dist/iapkit.rb`; IAPKIT_HOMEPAGE is the project's page.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi

version="$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' Sources/IAPCommands/IAPKitTool.swift)"
os="$(uname -s | tr '[:upper:]' '[:lower:]')"
arch="$(uname -m)"
read -r -a flags <<<"$(bash Scripts/release-flags.sh)"
if [ "$os" != linux ]; then arch=universal; fi
swift build "${flags[@]}"
binary="$(swift build "${flags[@]}" --show-bin-path)/iapkit"

dist="$PWD/dist"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
rm -rf "$dist" && mkdir -p "$dist"
name="iapkit-$version-$os-$arch"
mkdir -p "$stage/$name/bin"
cp "$binary" "$stage/$name/bin/iapkit"
strip "$stage/$name/bin/iapkit" 2>/dev/null || true
cp README.md "$stage/$name/"
# The same bytes for the same input: sorted names, fixed owner and time.
tar -C "$stage" --sort=name --owner=0 --group=0 --numeric-owner --mtime='2000-01-01 00:00Z' \
    -czf "$dist/$name.tar.gz" "$name" 2>/dev/null ||
    tar -C "$stage" -czf "$dist/$name.tar.gz" "$name"

git archive --format=tar.gz --prefix="iapkit-$version/" -o "$dist/iapkit-$version.tar.gz" HEAD
source_sum="$(sha256sum "$dist/iapkit-$version.tar.gz" 2>/dev/null || shasum -a 256 "$dist/iapkit-$version.tar.gz")"
source_sum="${source_sum%% *}"
url="${IAPKIT_RELEASE_URL:-file://$dist}/iapkit-$version.tar.gz"
homepage="${IAPKIT_HOMEPAGE:-${IAPKIT_RELEASE_URL:-file://$dist}}"
sed -e "s|@VERSION@|$version|g" -e "s|@URL@|$url|g" -e "s|@HOMEPAGE@|$homepage|g" -e "s|@SHA256@|$source_sum|g" \
    Packaging/iapkit.rb.in > "$dist/iapkit.rb"

(cd "$dist" && { sha256sum ./*.tar.gz iapkit.rb 2>/dev/null || shasum -a 256 ./*.tar.gz iapkit.rb; } > SHA256SUMS)
"$stage/$name/bin/iapkit" --version
echo "dist/: $(cd "$dist" && ls | tr '\n' ' ')"
