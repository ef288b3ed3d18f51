"""Writes a synthetic Xcode project of many Swift files for the check benchmark.

The project is the clean fixture of the check tests (its project file, scheme, entitlements,
.storekit file and guide) with N generated Swift files beside it: views, models and services of
a few hundred lines each, with comments, string literals, interpolation and closures, so the
tokenizer sees what real app code holds. The output is the same for the same arguments.

The services start one another as the app launches, ten at a time from the @main type down, and
the last one starts the store's transaction listener, so the launch reachability of
`listener-at-launch` walks every file before it finds the listener.
"""

import pathlib
import random
import shutil
import sys

FIXTURE = pathlib.Path(__file__).resolve().parents[2] / "Tests/IAPCheckTests/Fixtures/Clean"


FANOUT = 10


def boot_calls(index, count):
    """The services service `index` starts as the app launches; the last one starts the store."""
    children = [f"        Feature{child:04d}Service.boot()" for child in range(index * FANOUT + 1, min(count, (index + 1) * FANOUT + 1))]
    if index == count - 1:
        children.append("        Store.shared.startListening()")
    return children


def swift_file(index, rng, count):
    name = f"Feature{index:04d}"
    lines = [
        "import Foundation",
        "import SwiftUI",
        "",
        f"/// {name}: generated for the check benchmark.",
        f"struct {name}Model: Identifiable, Hashable {{",
        "    let id: UUID",
        "    var title: String",
        "    var count: Int",
        "}",
        "",
        "@MainActor",
        f"final class {name}Service {{",
        f"    static let shared = {name}Service()",
        f"    private(set) var items: [{name}Model] = []",
        f'    let endpoint = "https://api.example.com/v{rng.randint(1, 3)}/{name.lower()}"',
        "",
        "    /// Starts this service and the ones that depend on it.",
        "    static func boot() {",
        "        _ = shared",
        *boot_calls(index, count),
        "    }",
        "",
    ]
    for method in range(rng.randint(8, 16)):
        lines += [
            f"    /// Loads page {method} and keeps the ones with a positive count.",
            f"    func load{method}(page: Int) async throws -> [{name}Model] {{",
            f'        let url = URL(string: "\\(endpoint)?page=\\(page)&size={rng.randint(10, 50)}")!',
            "        let (data, _) = try await URLSession.shared.data(from: url)",
            "        // Decode, then filter: the server sends empty rows too.",
            f"        let decoded = try JSONDecoder().decode([{name}Model].self, from: data)",
            "        items = decoded.filter { $0.count > 0 }.sorted { $0.title < $1.title }",
            f'        print("loaded \\(items.count) items for {name} page \\(page)")',
            "        return items",
            "    }",
            "",
        ]
    lines += [
        "}",
        "",
        f"struct {name}View: View {{",
        f"    let service: {name}Service",
        "    @State private var query = \"\"",
        "",
        "    var body: some View {",
        "        List(service.items) { item in",
        "            VStack(alignment: .leading) {",
        '                Text(item.title).font(.headline)',
        '                Text("\\(item.count) left").font(.caption)',
        "            }",
        "        }",
        f'        .navigationTitle("{name}")',
        '        .searchable(text: $query, prompt: "Search")',
        "    }",
        "}",
        "",
        "/* A block comment with \"quotes\" and code-like text: let x = SKProductsRequest() */",
        f'let {name.lower()}Multiline = """',
        "    Some text that spans",
        "    several lines and mentions Transaction.updates in prose.",
        '    """',
        "",
    ]
    return "\n".join(lines)


def main():
    destination = pathlib.Path(sys.argv[1])
    count = int(sys.argv[2])
    if destination.exists():
        shutil.rmtree(destination)
    shutil.copytree(FIXTURE, destination)
    rng = random.Random(2000)
    sources = destination / "Pebble" / "Features"
    sources.mkdir(parents=True)
    total = 0
    app = destination / "Pebble" / "PebbleApp.swift"
    app.write_text(app.read_text(encoding="utf-8").replace(
        "    @State private var store = Store()\n",
        "    init() {\n        Feature0000Service.boot()\n    }\n"), encoding="utf-8")
    store = destination / "Pebble" / "Store.swift"
    store.write_text(store.read_text(encoding="utf-8").replace(
        "    private var updates: Task<Void, Never>?\n\n    init() {",
        "    static let shared = Store()\n    private var updates: Task<Void, Never>?\n\n    func startListening() {"), encoding="utf-8")
    for index in range(count):
        text = swift_file(index, rng, count)
        total += len(text.encode("utf-8"))
        (sources / f"Feature{index:04d}.swift").write_text(text, encoding="utf-8")
    print(f"{count} Swift files, {total / 1048576:.1f} MiB")


if __name__ == "__main__":
    main()
