#!/usr/bin/env python3
"""Writes the seed corpora under Fuzz/Corpus from the repository's own fixtures: guides, config
blocks, templates, .storekit files, project files and Swift sources. Run it from the repository
root after fixtures change; the result is committed. Each seed is one file named after where it
came from, so a crash found from it is easy to trace."""

import glob
import json
import os
import re
import shutil

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "Fuzz", "Corpus")
LARGEST = 64 * 1024  # larger seeds make every mutation slow


def files(*patterns):
    found = set()
    for pattern in patterns:
        found.update(glob.glob(os.path.join(ROOT, pattern), recursive=True))
    return sorted(path for path in found if os.path.isfile(path) and "/.build/" not in path)


def name_for(path):
    relative = os.path.relpath(path, ROOT)
    return re.sub(r"[^A-Za-z0-9._-]", "_", relative)


def write(target, name, data):
    if isinstance(data, str):
        data = data.encode("utf-8")
    if not data or len(data) > LARGEST:
        return
    folder = os.path.join(CORPUS, target)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as handle:
        handle.write(data)


def copy(target, *patterns):
    for path in files(*patterns):
        with open(path, "rb") as handle:
            write(target, name_for(path), handle.read())


def config_blocks(language):
    """The bodies of ```<language> iap blocks in every Markdown fixture."""
    pattern = re.compile(r"^```" + language + r" iap[^\n]*\n(.*?)^```", re.M | re.S)
    for path in files("Workbook/*.md", "Tests/**/*.md"):
        with open(path, encoding="utf-8", errors="replace") as handle:
            for number, match in enumerate(pattern.finditer(handle.read())):
                yield f"{name_for(path)}-{number}", match.group(1)


def main():
    shutil.rmtree(CORPUS, ignore_errors=True)
    copy("FuzzGuide", "Workbook/*.md", "Tests/IAPExtractTests/Fixtures/**/*.md",
         "Tests/IAPRenderTests/Fixtures/**/*.md", "Tests/IAPCommandsTests/BadInputs/*/guide.md",
         "Tests/BrowserTests/Fixtures/**/*.md")
    for name, body in config_blocks("yaml"):
        write("FuzzYAML", name, body)
    copy("FuzzYAML", "Tests/IAPCommandsTests/BadInputs/*/iapkit.yml")
    for name, body in config_blocks("json"):
        write("FuzzJSON", name, body)
    copy("FuzzJSON", "Tests/**/*.storekit")
    copy("FuzzMustache", "Templates/**/*.mustache")
    for path in files("Tests/IAPTemplatesTests/Spec/*.json"):
        with open(path, encoding="utf-8") as handle:
            spec = json.load(handle)
        for number, test in enumerate(spec.get("tests", []) if isinstance(spec, dict) else spec):
            write("FuzzMustache", f"{name_for(path)}-{number}", test.get("template", ""))
            write("FuzzJSON", f"{name_for(path)}-{number}", json.dumps(test.get("data", {})))
    copy("FuzzStoreKit", "Tests/**/*.storekit")
    copy("FuzzPBXProj", "Tests/**/project.pbxproj")
    copy("FuzzScheme", "Tests/**/*.xcscheme")
    copy("FuzzPlist", "Tests/**/*.plist", "Tests/**/*.entitlements")
    copy("FuzzSwiftSource", "Tests/IAPCheckTests/Fixtures/**/*.swift", "Tests/IAPCheckTests/Fixtures/**/*.m",
         "Tests/IAPCheckTests/Fixtures/**/*.h", "Tests/GeneratedStoreTests/Generated/*.swift",
         "Tests/GeneratedStoreKit1Tests/Generated/*.swift")
    # The shapes that once made `check` quadratic, small: the fuzzer grows them.
    write("FuzzSwiftSource", "nested-braces-after-listener",
          "func f() { Task { for await u in Transaction.updates " + "{" * 64 + "}" * 64 + " } }\n")
    write("FuzzSwiftSource", "run-of-hashes", "#" * 64 + "if DEBUG\n##\"raw\"##\n")
    copy("FuzzXCConfig", "Tests/**/*.xcconfig")
    # Settings that multiply at every level, and brackets that never close.
    write("FuzzXCConfig", "multiplying-chain",
          "".join(f"S{n} = $(S{n + 1})$(S{n + 1})\n" for n in range(20)) + "S20 = ab\n")
    write("FuzzXCConfig", "unclosed-references", "A = " + "$(" * 64 + "x\nB = $(A:lower:rfc1034identifier)\n")
    copy("FuzzSVG", "Tests/IAPCommandsTests/BadInputs/**/*.svg", "Tests/BrowserTests/Fixtures/**/*.svg")
    write("FuzzSVG", "png-header", bytes([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]) + b"IHDR")
    write("FuzzSVG", "gif-header", b"GIF89a\x01\x00\x01\x00")
    write("FuzzSVG", "webp-header", b"RIFF\x24\x00\x00\x00WEBPVP8 ")
    write("FuzzSVG", "avif-header", b"\x00\x00\x00\x1cftypavif\x00\x00\x00\x00avifmif1")
    for target in sorted(os.listdir(CORPUS)):
        print(f"{target}: {len(os.listdir(os.path.join(CORPUS, target)))} seeds")


if __name__ == "__main__":
    main()
