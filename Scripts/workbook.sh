#!/usr/bin/env bash
# The main job on the built-in Workbook: builds iapkit, then runs `iapkit build`, which lints the
# guides, generates the StoreKit code for their catalogue (into Generated/) and renders the
# training site (into .build/site/); also saves the model as JSON. Installs libcmark and libyaml
# first when they are missing (the browser the tests use is not needed here).
set -euo pipefail
cd "$(dirname "$0")/.."
IAPKIT_SKIP_BROWSER=1 bash Scripts/install-dependencies.sh
# A toolchain unpacked in /opt/swift counts as installed even when it is not on PATH.
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi

# The release binary, built as it is installed (Scripts/release-flags.sh).
read -r -a flags <<<"$(bash Scripts/release-flags.sh)"
swift build "${flags[@]}"
iapkit="$(swift build "${flags[@]}" --show-bin-path)/iapkit"

echo "==> iapkit build"
"$iapkit" build
mkdir -p .build/workbook
"$iapkit" extract --format json > .build/workbook/model.json
echo
echo "Generated code: Generated/   site: .build/site/index.html   model: .build/workbook/model.json"
