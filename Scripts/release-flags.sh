#!/usr/bin/env bash
# The `swift build` flags of the release binary, one place for the Makefile, the release
# archive, the Workbook build and the benchmarks. Prints them on one line.
#
# On Linux the Swift runtime and Foundation are linked in (--static-swift-stdlib), and the
# binary is linked at a fixed address (-no-pie): the dynamic loader then has no Swift library to
# find and about 3,000 relocations to apply at start instead of about 80,000, which is most of
# what `iapkit --version` used to cost. On macOS it is a universal binary.
set -euo pipefail
flags=(-c release --product iapkit)
if [ "$(uname -s)" = Linux ]; then
    flags+=(--static-swift-stdlib -Xlinker -no-pie)
else
    flags+=(--arch arm64 --arch x86_64)
fi
echo "${flags[*]}"
