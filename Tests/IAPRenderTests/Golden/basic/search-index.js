window.IAPKIT_SITE = {"book": "com.example.tiny", "tasks": [
{"id": "product-exists", "done": false},
{"id": "setup-the-bundle-id-matches-comexampletiny", "done": true},
{"id": "setup-read-the-welcome-again", "done": false}
]};
window.IAPKIT_SEARCH = [
{"page": "Welcome", "title": "Welcome", "url": "index.html", "products": [], "text": "Welcome This small guide sells one thing. Read Setting up next, or jump to the checklist. Chapter Read it when Pages Setting up you start, a \\ b 2 Welcome now"},
{"page": "Welcome", "title": "Notes", "url": "index.html#notes", "products": [], "text": "Notes [!TIP] Keep product IDs short. They are permanent. A plain quotation stays a quotation."},
{"page": "Welcome", "title": "Notes", "url": "index.html#notes-1", "products": [], "text": "Notes The second Notes heading gets its own anchor: first, second. # list the products iapkit extract --format text \"Workbook\" $HOME"},
{"page": "Setting up", "title": "Setting up", "url": "setup.html", "products": ["com.example.tiny.pro"], "text": "Setting up app: name: Tiny bundleID: com.example.tiny products: id: com.example.tiny.pro type: auto-renewable referenceName: Tiny Pro, monthly price: 1.99 localizations: en-US: {displayName: Tiny Pro, description: Everything unlocked} subscription: group: Tiny Plans period: P1M // Ask for the products by ID. let products = try await Product.products(for: [\"com.example.tiny.pro\"]) print(\"found \\(products.count)\", 42)"},
{"page": "Setting up", "title": "Before you ship", "url": "setup.html#before-you-ship", "products": [], "text": "Before you ship The product exists in App Store Connect The bundle ID matches com.example.tiny Read the welcome again Open Xcode. Run the app."}
];
