#!/usr/bin/env bash
# Renders the Workbook and the hostile fixture book with the freshly built iapkit, then opens the
# sites in headless Chromium from file:// (Tests/BrowserTests/site_test.py). Needs chromium,
# chromedriver and Selenium for Python (Debian: chromium chromium-driver python3-selenium).
# Screenshots go to .build/browser-artifacts.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi

# Debian's Selenium is installed for the system Python, which may not be the first on PATH.
python=python3
if [ -x /usr/bin/python3 ] && /usr/bin/python3 -c 'import selenium' >/dev/null 2>&1; then
    python=/usr/bin/python3
fi

swift build --product iapkit -Xswiftc -warnings-as-errors
iapkit="$(swift build --show-bin-path)/iapkit"

sites=.build/browser-sites
rm -rf "$sites"
"$iapkit" render Workbook -o "$sites/workbook" --quiet
# Shaped like guides written elsewhere: badges, a wide screenshot, raw HTML, long identifiers,
# a wide table and GitHub-style anchors. Its raw HTML is warned about, and that is expected.
"$iapkit" render Tests/BrowserTests/Fixtures/shapes -o "$sites/shapes" --quiet 2>/dev/null
# The hostile book has unsafe links and values lint refuses on purpose (a line separator in a
# description): the site is still written, and the status is 1, not 2.
for variant in xss xss-unsafe; do
    flags=(--quiet)
    [ "$variant" = xss-unsafe ] && flags+=(--unsafe-html)
    status=0
    "$iapkit" render Tests/BrowserTests/Fixtures/xss -o "$sites/$variant" "${flags[@]}" 2>/dev/null || status=$?
    [ "$status" -le 1 ] || { echo "error: rendering the hostile book failed (exit $status)" >&2; exit 1; }
done

# A book of 120 short chapters: past 100, a page leaves its chapter list to the script.
long=.build/browser-long-book
rm -rf "$long" && mkdir -p "$long"
for number in $(seq 1 120); do
    echo "- [Chapter $number](c$number.md)" >>"$long/SUMMARY.md"
    printf '# Chapter %s\n\nThe text of chapter %s.\n' "$number" "$number" >"$long/c$number.md"
done
"$iapkit" render "$long" -o "$sites/long" --quiet

# The Workbook printed to PDF through the same Chromium: a real PDF, a page or more per chapter.
CHROMIUM="${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}" \
    "$iapkit" render Workbook -o "$sites/workbook" --quiet --pdf "$sites/workbook.pdf"
"$python" - "$sites/workbook.pdf" "$sites/workbook" <<'PY'
import pathlib, re, sys
pdf = pathlib.Path(sys.argv[1]).read_bytes()
chapters = len([page for page in pathlib.Path(sys.argv[2]).glob("*.html") if page.name != "print.html"])
pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
if not pdf.startswith(b"%PDF") or pages < chapters:
    sys.exit(f"FAIL  render --pdf: {len(pdf)} bytes, {pages} pages for {chapters} chapters")
print(f"PASS  render --pdf: {pages} pages for {chapters} chapters, {len(pdf) // 1024} KiB")
PY

# Guides collected elsewhere, kept out of the repository: IAPKIT_EXTRA_GUIDES names a folder whose
# folders (or whose Markdown files, together) are each rendered and checked for layout, links and
# accessibility like the Workbook.
extra=()
if [ -n "${IAPKIT_EXTRA_GUIDES:-}" ]; then
    for book in "$IAPKIT_EXTRA_GUIDES"/*/ "$IAPKIT_EXTRA_GUIDES"; do
        [ -d "$book" ] || continue
        ls "$book"/*.md >/dev/null 2>&1 || continue
        name="extra-$(basename "$book")"
        "$iapkit" render "$book" -o "$sites/$name" --quiet 2>/dev/null || [ $? -le 1 ]
        extra+=(--extra "$sites/$name")
    done
fi

"$python" Tests/BrowserTests/site_test.py \
    --workbook "$sites/workbook" --shapes "$sites/shapes" --xss "$sites/xss" --xss-unsafe "$sites/xss-unsafe" \
    --long "$sites/long" \
    ${extra[@]+"${extra[@]}"} --artifacts .build/browser-artifacts
