import IAPDiagnostics
import IAPModel

/// Checks a workbook against App Store Connect's rules and the guide format's own.
///
/// Each rule reads the model and reports; none stops the others, so one run lists every problem.
/// Rules about one field live in the file named after that field's subject.
public enum WorkbookValidator {
    public static func validate(_ workbook: Workbook) -> [Diagnostic] {
        var log = DiagnosticLog()
        AppRules.check(workbook, into: &log)
        checkProducts(of: workbook, into: &log)
        PurchaseTermRules.checkEntitlementStore(workbook, into: &log)
        HandlerRules.check(workbook.products, into: &log)
        ChecklistRules.check(workbook, into: &log)
        CodeFileRules.check(workbook, into: &log)
        return log.all
    }

    /// The rules about products alone, for a catalogue that is not yet in a book (an imported
    /// `.storekit` file): IDs, names, localizations, subscriptions and purchase terms, but not
    /// the app, the handlers or the checklists a book adds.
    public static func validateProducts(_ products: [Product]) -> [Diagnostic] {
        var log = DiagnosticLog()
        checkProducts(of: Workbook(products: products), into: &log)
        return log.all
    }

    private static func checkProducts(of workbook: Workbook, into log: inout DiagnosticLog) {
        ProductIDRules.check(workbook, into: &log)
        for product in workbook.products {
            ProductRules.check(product, into: &log)
            LocalizationRules.check(product, into: &log)
            SubscriptionRules.check(product, into: &log)
            PurchaseTermRules.check(product, into: &log)
        }
        SubscriptionRules.checkGroupNames(workbook.products, into: &log)
    }
}
