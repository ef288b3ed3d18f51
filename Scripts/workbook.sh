#!/usr/bin/env bash
# The main job on the built-in Workbook: builds iapkit, checks the guides, prints the model they
# define and generates the StoreKit code for their catalogue. Installs libcmark and libyaml first
# when they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/install-dependencies.sh
# A toolchain unpacked in /opt/swift counts as installed even when it is not on PATH.
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi

# On Linux the Swift runtime is linked in, so the tool starts in a few milliseconds.
flags=(-c release)
if [ "$(uname -s)" = Linux ]; then flags+=(--static-swift-stdlib); fi
swift build "${flags[@]}" --product iapkit
iapkit="$(swift build "${flags[@]}" --show-bin-path)/iapkit"

echo "==> iapkit lint Workbook"
"$iapkit" lint Workbook
echo
echo "==> iapkit extract Workbook --format text"
"$iapkit" extract Workbook --format text
mkdir -p .build/workbook
"$iapkit" extract Workbook --format json > .build/workbook/model.json
echo "==> The model as JSON: .build/workbook/model.json"
echo
echo "==> iapkit generate Workbook -o .build/workbook/Generated"
"$iapkit" generate Workbook -o .build/workbook/Generated
