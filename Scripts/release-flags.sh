#!/usr/bin/env bash
# The `swift build` flags of the release binary, one place for the Makefile, the release
# archive, the Workbook build and the benchmarks. Prints them on one line.
#
# On Linux the Swift runtime and Foundation are linked in (--static-swift-stdlib), and the
# binary is linked at a fixed address (-no-pie): the dynamic loader then has no Swift library to
# find and about 3,000 relocations to apply at start instead of about 80,000, which is most of
# what `iapkit --version` used to cost. Two more Linux flags keep the start small and the
# binary to itself: --disable-local-rpath drops the $ORIGIN search path, so the loader neither
# looks for its C libraries in a dozen folders beside the binary at every start nor loads a
# libc.so.6 that someone put there; --no-export-dynamic undoes the Swift runtime's default of
# exporting every symbol of the executable, about 3,900 names the loader and the runtime's
# start-up look-ups would otherwise hash and scan. On macOS it is a universal binary.
set -euo pipefail
flags=(-c release --product iapkit)
if [ "$(uname -s)" = Linux ]; then
    flags+=(--static-swift-stdlib --disable-local-rpath -Xlinker -no-pie -Xlinker --no-export-dynamic)
else
    flags+=(--arch arm64 --arch x86_64)
fi
echo "${flags[*]}"
