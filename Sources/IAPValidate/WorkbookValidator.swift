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
        ProductIDRules.check(workbook, into: &log)
        for product in workbook.products {
            ProductRules.check(product, into: &log)
            LocalizationRules.check(product, into: &log)
            SubscriptionRules.check(product, into: &log)
            PurchaseTermRules.check(product, into: &log)
        }
        PurchaseTermRules.checkEntitlementStore(workbook, into: &log)
        SubscriptionRules.checkGroupNames(workbook.products, into: &log)
        HandlerRules.check(workbook.products, into: &log)
        ChecklistRules.check(workbook, into: &log)
        CodeFileRules.check(workbook, into: &log)
        return log.all
    }
}
