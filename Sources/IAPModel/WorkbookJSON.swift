import Foundation
import IAPDiagnostics

/// The model as JSON, for `iapkit extract --format json` and for scripts.
///
/// The shape is a contract (documented in README.md, "Extract JSON"): keys are sorted, every
/// element carries `file`, `line` and `column`, prices are strings so `2.99` stays exact, and
/// `formatVersion` changes whenever a key changes meaning or disappears.
public enum WorkbookJSON {
    public static let formatVersion = 1

    public static func encode(_ workbook: Workbook) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(Document(workbook)) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    struct Place: Encodable {
        var file: String
        var line: Int
        var column: Int

        init(_ location: SourceLocation) {
            file = location.file
            line = location.line
            column = location.column
        }
    }

    /// Encodes `fields` and the location's keys side by side in one object.
    struct Placed<Fields: Encodable>: Encodable {
        var fields: Fields
        var place: Place

        init(_ fields: Fields, at location: SourceLocation) {
            self.fields = fields
            self.place = Place(location)
        }

        func encode(to encoder: any Encoder) throws {
            try fields.encode(to: encoder)
            try place.encode(to: encoder)
        }
    }

    struct Document: Encodable {
        var formatVersion = WorkbookJSON.formatVersion
        var app: Placed<AppFields>?
        var products: [Placed<ProductFields>]
        var chapters: [ChapterFields]
        var checklists: [Placed<ChecklistFields>]
        var steps: [Placed<StepFields>]
        var codeBlocks: [Placed<CodeBlockFields>]
        var callouts: [Placed<CalloutFields>]
        var totals: Totals

        init(_ workbook: Workbook) {
            app = workbook.app.map { Placed(AppFields($0), at: $0.location) }
            products = workbook.products.map { Placed(ProductFields($0), at: $0.id.location) }
            chapters = workbook.chapters.map(ChapterFields.init)
            checklists = workbook.chapters.flatMap { chapter in
                chapter.checklists.map { Placed(ChecklistFields($0), at: $0.location) }
            }
            steps = workbook.chapters.flatMap { $0.steps.map { Placed(StepFields($0), at: $0.location) } }
            codeBlocks = workbook.chapters.flatMap {
                $0.codeBlocks.map { Placed(CodeBlockFields($0), at: $0.location) }
            }
            callouts = workbook.chapters.flatMap { $0.callouts.map { Placed(CalloutFields($0), at: $0.location) } }
            let items = workbook.checklistItems
            totals = Totals(
                chapters: workbook.chapters.count, products: workbook.products.count,
                checklistItems: items.count, done: items.count { $0.isDone }, steps: steps.count,
                codeBlocks: codeBlocks.count)
        }
    }

    struct Totals: Encodable {
        var chapters, products, checklistItems, done, steps, codeBlocks: Int
    }

    struct AppFields: Encodable {
        var name, bundleID: String
        var manager: String?
        var storekit: String
        var platforms: [Platform]
        var accessLevel, entitlementStore: String
        var objectiveC: Bool
        var typePrefix: String?

        init(_ app: AppConfiguration) {
            name = app.name.value
            bundleID = app.bundleID.value
            manager = app.manager?.value
            storekit = app.storekit.rawValue
            platforms = app.platforms
            accessLevel = app.accessLevel.rawValue
            entitlementStore = app.entitlementStore.rawValue
            objectiveC = app.objectiveC
            typePrefix = app.typePrefix?.value
        }
    }

    struct ProductFields: Encodable {
        var id, type, referenceName: String
        var price: String?
        var familyShareable, clearedForSale, promoted: Bool
        var handler, createdAt, duration: String?
        var units: Int?
        var localizations: [Localization]
        var subscription: SubscriptionFields?

        init(_ product: Product) {
            id = product.id.value
            type = product.type.rawValue
            referenceName = product.referenceName.value
            price = product.price.map { "\($0.value)" }
            familyShareable = product.familyShareable
            clearedForSale = product.clearedForSale.value
            promoted = product.promoted
            handler = product.handler?.value
            createdAt = product.createdAt?.value
            duration = product.duration?.value
            units = product.units?.value
            localizations = product.localizations
            subscription = product.subscription.map(SubscriptionFields.init)
        }
    }

    struct SubscriptionFields: Encodable {
        var group, period: String?
        var level: Int?
        var introductoryOffer: OfferFields?

        init(_ subscription: Subscription) {
            group = subscription.group?.value
            period = subscription.period?.value
            level = subscription.level?.value
            introductoryOffer = subscription.introductoryOffer.map(OfferFields.init)
        }
    }

    struct OfferFields: Encodable {
        var mode, period: String
        var periods: Int?
        var price: String?

        init(_ offer: IntroductoryOffer) {
            mode = offer.mode.rawValue
            period = offer.period.value
            periods = offer.periods?.value
            price = offer.price.map { "\($0.value)" }
        }
    }

    struct ChapterFields: Encodable {
        var file, title: String
        var sections: [Placed<SectionFields>]

        init(_ chapter: Chapter) {
            file = chapter.file
            title = chapter.title
            sections = chapter.sections.map {
                Placed(
                    SectionFields(title: $0.title, level: $0.level, trail: $0.trail, anchor: $0.anchor), at: $0.location
                )
            }
        }
    }

    struct SectionFields: Encodable {
        var title: String
        var level: Int
        var trail: [String]
        /// Written only for a heading with an `{#id}` of its own.
        var anchor: String?
    }

    struct ChecklistFields: Encodable {
        var section: [String]
        var done, total: Int
        var items: [Placed<ItemFields>]

        init(_ checklist: Checklist) {
            section = checklist.trail
            done = checklist.doneCount
            total = checklist.items.count
            items = checklist.items.map {
                Placed(ItemFields(id: $0.id, text: $0.text, done: $0.isDone), at: $0.location)
            }
        }
    }

    struct ItemFields: Encodable {
        var id: String?
        var text: String
        var done: Bool
    }

    struct StepFields: Encodable {
        var number, depth: Int
        var text: String
        var section: [String]

        init(_ step: Step) {
            number = step.number
            depth = step.depth
            text = step.text
            section = step.trail
        }
    }

    struct CodeBlockFields: Encodable {
        var language: String?
        var info: String
        var attributes: [String: String]
        var config: Bool
        var targetFile: String?
        var content: String

        init(_ block: CodeBlock) {
            language = block.language
            info = block.info
            attributes = block.attributes
            config = block.isConfig
            targetFile = block.targetFile
            content = block.content
        }
    }

    struct CalloutFields: Encodable {
        var kind, text: String

        init(_ callout: Callout) {
            kind = callout.kind.rawValue
            text = callout.text
        }
    }
}
