#!/usr/bin/env python3
"""Times every reader of untrusted input on the worst shapes we know (deep nesting, long runs of
one character, many repeats of one thing) at n and at 2n bytes, and prints one tab-separated
line per shape: name, command, bytes at n, milliseconds on an empty input, at n and at 2n, and
the ratio of the last two once the time on the empty input is taken off. A reader that grows
linearly has a ratio near 2; one that grows with the square has one near 4.

usage: complexity.py IAPKIT WORK_FOLDER [SCALE]

Each shape starts at 250 kB and doubles until the command takes 250 ms more than on an empty
input (or the input reaches 16 MB); that n is then timed against 2n. Each size is timed RUNS
times (default 3) and the fastest kept; a run that takes longer than 120 s stops the shape, so a
reader that hangs shows as a ratio far above the target instead of stopping the benchmark.
SCALE (default 1) multiplies the sizes and the time aimed for, for a quick look."""

import json
import os
import shutil
import statistics
import subprocess
import sys
import time

RUNS = int(os.environ.get("COMPLEXITY_RUNS", "3"))
TIMEOUT = 120.0
START = 250_000
LARGEST = 16_000_000
LONG_ENOUGH = 250


def guide(body):
    return {"guide.md": body}


def config_block(language, body):
    return guide(f"# Products\n\n```{language} iap\n{body}\n```\n")


def products(count):
    lines = ["app:", "  name: Pebble", "  bundleID: com.example.pebble", "products:"]
    for number in range(count):
        lines += [
            f"  - id: com.example.pebble.item{number}",
            "    type: consumable",
            f"    referenceName: Item {number}",
            "    price: 0.99",
            "    localizations:",
            f"      en-US: {{displayName: Item {number}, description: Item {number}}}",
        ]
    return "\n".join(lines)


def swift_project(source):
    return {
        "guide.md": "# Guide\n",
        "App.xcodeproj/project.pbxproj": "// !$*UTF8*$!\n{ archiveVersion = 1; objectVersion = 56; "
        "objects = { }; rootObject = R; }\n",
        "App/Store.swift": source,
    }


XCCONFIG_PROJECT = """// !$*UTF8*$!
{ archiveVersion = 1; objectVersion = 77; objects = {
F1 = {isa = PBXFileReference; path = Shared.xcconfig; sourceTree = "<group>"; };
G1 = {isa = PBXGroup; children = (F1); sourceTree = "<group>"; };
T1 = {isa = PBXNativeTarget; buildConfigurationList = L2; buildPhases = (); name = App;
  productType = "com.apple.product-type.application"; };
R1 = {isa = PBXProject; buildConfigurationList = L1; mainGroup = G1; targets = (T1); };
C1 = {isa = XCBuildConfiguration; buildSettings = { SDKROOT = iphoneos; }; name = Debug; };
C2 = {isa = XCBuildConfiguration; baseConfigurationReference = F1; buildSettings = { }; name = Debug; };
L1 = {isa = XCConfigurationList; buildConfigurations = (C1); };
L2 = {isa = XCConfigurationList; buildConfigurations = (C2); };
}; rootObject = R1; }
"""

APP_GUIDE = "# Guide\n\n```yaml iap\napp:\n  name: Pebble\n  bundleID: com.example.pebble\n```\n"


def xcconfig_project(text):
    """A project whose one target takes its settings from `Shared.xcconfig`."""
    return {"guide.md": APP_GUIDE, "App.xcodeproj/project.pbxproj": XCCONFIG_PROJECT, "Shared.xcconfig": text}


def listeners(count):
    return "".join(
        f"func start{number}() {{ Task {{ for await u in Transaction.updates {{ _ = u }} }} }}\n"
        for number in range(count))


def storekit(count):
    return json.dumps({
        "identifier": "0AB1CD23", "settings": {}, "version": {"major": 3, "minor": 0},
        "products": [{
            "displayPrice": "0.99", "familyShareable": False, "internalID": str(6400000000 + number),
            "localizations": [{"description": "Item", "displayName": "Item", "locale": "en_US"}],
            "productID": f"com.example.pebble.item{number}", "referenceName": f"Item {number}",
            "type": "Consumable"} for number in range(count)],
    })


def svg_book(svg):
    return {"book/guide.md": "# Drawing\n\n![drawing](drawing.svg)\n", "book/drawing.svg": svg}


SVG_OPEN = '<svg xmlns="http://www.w3.org/2000/svg">'

# name, command (with {work} for the case's folder), files at size n (a function of n bytes).
SHAPES = [
    ("guide: nested block quotes", ["lint", "guide.md"], lambda n: guide(">" * n + " deep\n")),
    ("guide: run of '['", ["lint", "guide.md"], lambda n: guide("[" * n + "\n")),
    ("guide: run of '*a'", ["lint", "guide.md"], lambda n: guide("*a" * (n // 2) + "\n")),
    ("guide: run of backticks", ["lint", "guide.md"], lambda n: guide("`" * n + "\n")),
    ("guide: task items with ids", ["lint", "guide.md"],
     lambda n: guide("".join(f"- [ ] item {i} {{#task-{i}}}\n" for i in range(n // 24)))),
    ("guide: YAML nesting", ["lint", "guide.md"], lambda n: config_block("yaml", "[" * n)),
    ("guide: YAML long scalar", ["lint", "guide.md"], lambda n: config_block("yaml", "app: " + "a" * n)),
    ("guide: YAML products", ["lint", "guide.md"], lambda n: config_block("yaml", products(n // 180))),
    ("guide: JSON nesting", ["lint", "guide.md"], lambda n: config_block("json", "[" * n)),
    ("render: repeated headings", ["render", "guide.md", "-o", "{work}/site", "--quiet"],
     lambda n: guide("## Same\n\n" * (n // 9))),
    ("render: nested lists", ["render", "guide.md", "-o", "{work}/site", "--quiet"],
     lambda n: guide("".join("  " * (i % 200) + "- item\n" for i in range(n // 200)))),
    ("render: addresses, run of 'www._'", ["render", "guide.md", "-o", "{work}/site", "--quiet"],
     lambda n: guide("www._" * (n // 5) + "\n")),
    ("render: addresses, run of 'a@'", ["render", "guide.md", "-o", "{work}/site", "--quiet"],
     lambda n: guide("a@" * (n // 2) + "b.example.com\n")),
    ("render: addresses, ')' after a URL", ["render", "guide.md", "-o", "{work}/site", "--quiet"],
     lambda n: guide("https://example.com/" + ")" * n + "\n")),
    ("render: strikethrough, openers no closer pairs", ["render", "guide.md", "-o", "{work}/site", "--quiet"],
     lambda n: guide("~~a " * (n // 8) + "b~ " * (n // 6) + "\n")),
    ("render: strikethrough, '~' around emphasis", ["render", "guide.md", "-o", "{work}/site", "--quiet"],
     lambda n: guide("~a *b~ c* " * (n // 10) + "\n")),
    ("render: SVG nesting", ["render", "book", "-o", "{work}/site", "--quiet"],
     lambda n: svg_book(SVG_OPEN + "<g>" * (n // 7) + "</g>" * (n // 7) + "</svg>")),
    ("render: SVG entities", ["render", "book", "-o", "{work}/site", "--quiet"],
     lambda n: svg_book(SVG_OPEN + "<text>" + "&amp;" * (n // 5) + "</text></svg>")),
    ("check: braces after Transaction.updates", ["check", "--project", ".", "guide.md"],
     lambda n: swift_project("func f() { Task { for await u in Transaction.updates " + "{" * (n // 2)
                             + "}" * (n // 2) + " } }\n")),
    ("check: run of '#'", ["check", "--project", ".", "guide.md"], lambda n: swift_project("#" * n + "\n")),
    ("check: nested comments", ["check", "--project", ".", "guide.md"],
     lambda n: swift_project("/*" * (n // 2) + "\n")),
    ("check: nested interpolation", ["check", "--project", ".", "guide.md"],
     lambda n: swift_project('"\\(' * (n // 3) + "\n")),
    ("check: listeners in many functions", ["check", "--project", ".", "guide.md"],
     lambda n: swift_project(listeners(n // 80))),
    ("check: Objective-C run of '['", ["check", "--project", ".", "guide.md"],
     lambda n: {**swift_project(""), "App/Store.m": "[" * n + "\n"}),
    ("check: Objective-C '@\"' strings", ["check", "--project", ".", "guide.md"],
     lambda n: {**swift_project(""), "App/Store.m": '@"a" ' * (n // 5) + "\n"}),
    ("check: xcconfig unclosed references", ["check", "--project", ".", "guide.md"],
     lambda n: xcconfig_project("PRODUCT_BUNDLE_IDENTIFIER = " + "$(" * (n // 2) + "\n")),
    ("check: xcconfig nested references", ["check", "--project", ".", "guide.md"],
     lambda n: xcconfig_project("PRODUCT_BUNDLE_IDENTIFIER = " + "$(" * (n // 4) + "A" + ")" * (n // 4) + "\n")),
    ("check: xcconfig many settings", ["check", "--project", ".", "guide.md"],
     lambda n: xcconfig_project("".join(f"S{i} = $(S{i - 1}).x\n" for i in range(n // 16))
                                + "PRODUCT_BUNDLE_IDENTIFIER = $(S10)\n")),
    ("check: project.pbxproj nesting", ["check", "--project", ".", "guide.md"],
     lambda n: {"guide.md": "# G\n", "App.xcodeproj/project.pbxproj": "{ a = " + "(" * (n // 2) + ")" * (n // 2)
                + "; objects = { }; }\n"}),
    ("storekit import: products", ["storekit", "import", "Shop.storekit"],
     lambda n: {"Shop.storekit": storekit(n // 260)}),
    ("storekit import: nesting", ["storekit", "import", "Shop.storekit"],
     lambda n: {"Shop.storekit": "[" * n}),
    ("template: nested sections", ["template", "render", "t.mustache", "--context", "c.json"],
     lambda n: {"t.mustache": "{{#a}}" * (n // 12) + "x" + "{{/a}}" * (n // 12), "c.json": '{"a": true}'}),
    ("template: run of '{'", ["template", "render", "t.mustache", "--context", "c.json"],
     lambda n: {"t.mustache": "{" * n, "c.json": "{}"}),
]


def write_case(folder, files):
    shutil.rmtree(folder, ignore_errors=True)
    for path, text in files.items():
        full = os.path.join(folder, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8") as handle:
            handle.write(text)
    return sum(len(text.encode("utf-8")) for text in files.values())


def timed(iapkit, command, folder):
    """The fastest of RUNS runs, in milliseconds: other work on the machine only ever adds time."""
    arguments = [iapkit] + [part.replace("{work}", folder) for part in command]
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        try:
            subprocess.run(arguments, cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           timeout=TIMEOUT, check=False)
        except subprocess.TimeoutExpired:
            return TIMEOUT * 1000
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def main():
    iapkit, work = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    scale = float(sys.argv[3]) if len(sys.argv) > 3 else 1.0
    os.makedirs(work, exist_ok=True)
    folder = os.path.join(work, "case")
    for name, command, make in SHAPES:
        write_case(folder, make(1))
        empty = timed(iapkit, command, folder)
        # The input grows until the work takes long enough to measure (LONG_ENOUGH ms over an
        # empty input), or reaches LARGEST bytes; then it is doubled once more.
        n = int(START * scale)
        while True:
            size = write_case(folder, make(n))
            at_n = timed(iapkit, command, folder)
            if at_n - empty >= LONG_ENOUGH * scale or n * 2 > LARGEST * scale or at_n >= TIMEOUT * 1000:
                break
            n *= 2
        write_case(folder, make(2 * n))
        at_2n = timed(iapkit, command, folder)
        ratio = (at_2n - empty) / max(at_n - empty, 1.0)
        print(f"{name}\t{command[0]}\t{size}\t{empty:.0f}\t{at_n:.0f}\t{at_2n:.0f}\t{ratio:.2f}", flush=True)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
