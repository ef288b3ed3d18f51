import Foundation
import IAPCheck
import IAPTestSupport
import Testing

/// Shapes met in real projects that the fixtures did not have: each is one change to a fixture,
/// and the check that must see it.
@Suite struct HoldOutShapesTests {
    typealias Detail = FindingDetailTests

    static func adding(_ path: String, _ text: String, to files: [String: [UInt8]]) -> [String: [UInt8]] {
        var files = files
        files[path] = Array(text.utf8)
        return files
    }

    /// The purchase path finishing is not enough: what `Transaction.updates` delivers must be
    /// finished too, by the loop or by what it calls.
    @Test func aTransactionUpdatesLoopThatFinishesNothingWarns() throws {
        let clean = try Fixture.files(nil)
        let unfinished = try Detail.replacing(
            "Pebble/Store.swift", "await transaction.finish() }", with: "print(transaction.id) }", in: clean)
        let withPurchase = Self.adding(
            "Pebble/Buying.swift",
            """
            import StoreKit

            extension Store {
                func buy(_ product: Product) async throws {
                    if case .success(.verified(let transaction)) = try await product.purchase() { await transaction.finish() }
                }
            }
            """, to: unfinished)
        let result = try Detail.result("finish-transactions", files: withPurchase)
        #expect(result?.status == .warning)
        #expect(result?.evidence.map(\.line) == [10])
        #expect(result?.message.contains("Transaction.updates loop finishes nothing") == true)
        // Finished by a method it calls, or handed to a stream whose reader cannot be followed.
        let delegated = try Detail.replacing(
            "Pebble/Store.swift", "print(transaction.id) }",
            with:
                "await self.deliver(transaction) }\n            }\n        }\n    }\n\n    func deliver(_ transaction: Transaction) async {\n        await transaction.finish()\n        do {\n            do {",
            in: withPurchase)
        #expect(try Detail.result("finish-transactions", files: delegated)?.status == .pass)
        let streamed = try Detail.replacing(
            "Pebble/Store.swift", "print(transaction.id) }", with: "continuation.yield(transaction) }",
            in: withPurchase)
        #expect(try Detail.result("finish-transactions", files: streamed)?.status == .pass)
    }

    /// In Objective-C a failed case that falls into the next one is finished by it.
    @Test func anObjectiveCFailedCaseFallingIntoAFinishIsFinished() throws {
        let observer = """
            #import <StoreKit/StoreKit.h>

            @interface PebbleObserver : NSObject <SKPaymentTransactionObserver>
            @end

            @implementation PebbleObserver
            - (void)paymentQueue:(SKPaymentQueue *)queue updatedTransactions:(NSArray *)transactions {
                for (SKPaymentTransaction *transaction in transactions) {
                    switch (transaction.transactionState) {
                        case SKPaymentTransactionStatePurchased:
                            [queue finishTransaction:transaction];
                            break;
                        case SKPaymentTransactionStateFailed:
                        case SKPaymentTransactionStateDeferred:;
                            [queue finishTransaction:transaction];
                            break;
                        default:
                            break;
                    }
                }
            }
            @end
            """
        let files = Self.adding("Pebble/PebbleObserver.m", observer, to: try Fixture.files(nil))
        #expect(try Detail.result("finish-transactions", files: files)?.status == .pass)
        let stopped = try Detail.replacing(
            "Pebble/PebbleObserver.m", "case SKPaymentTransactionStateDeferred:;",
            with: "break;\n            case SKPaymentTransactionStateDeferred:;", in: files)
        let result = try Detail.result("finish-transactions", files: stopped)
        #expect(result?.status == .warning)
        #expect(result?.evidence.map(\.line) == [13])
    }

    /// A delegate callback that shows an alert through a method of its own type, two calls down,
    /// touches the interface as surely as one that shows it itself.
    @Test func aDelegateTouchingTheInterfaceThroughItsOwnMethodsWarns() throws {
        let store = """
            #import <StoreKit/StoreKit.h>

            @implementation PebbleRequests
            - (void)productsRequest:(SKProductsRequest *)request didReceiveResponse:(SKProductsResponse *)response {
                if (response.products.count == 0) {
                    [self showUnavailable];
                }
            }

            - (void)showUnavailable {
                [self showAlertWithTitle:@"Unavailable"];
            }

            - (void)showAlertWithTitle:(NSString *)title {
                PBLAlertController *alert = [PBLAlertController alertWithTitle:title];
                [alert presentWithCompletion:nil];
            }
            @end
            """
        let files = Self.adding("Pebble/PebbleRequests.m", store, to: try Fixture.files(nil))
        let result = try Detail.result("main-thread-assumed", files: files)
        #expect(result?.status == .warning)
        #expect(result?.evidence.map(\.line) == [16])
        let hopped = try Detail.replacing(
            "Pebble/PebbleRequests.m", "[self showUnavailable];",
            with: "dispatch_async(dispatch_get_main_queue(), ^{ [self showUnavailable]; });", in: files)
        #expect(try Detail.result("main-thread-assumed", files: hopped)?.status == .pass)
    }

    /// `#include "../Shared/…"` written from a subfolder, where the file is found from the
    /// project's folder: the setting it holds still counts.
    @Test func anIncludeFoundFromTheProjectFolderIsRead() throws {
        var files = try Fixture.files("XcconfigDevSuffix")
        files["Shared/Common.xcconfig"] = files.removeValue(forKey: "Configurations/Shared.xcconfig")
        for name in ["Debug", "Release"] {
            files = try Detail.replacing(
                "Configurations/\(name).xcconfig", "#include \"Shared.xcconfig\"",
                with: "#include \"Shared/Common.xcconfig\"",
                in: files)
        }
        let result = try Detail.result("bundle-id-mismatch", files: files)
        #expect(result?.status == .fail)
        #expect(result?.message.contains("Debug") == true)
        #expect(result?.message.contains("Release") == false)
    }
}
