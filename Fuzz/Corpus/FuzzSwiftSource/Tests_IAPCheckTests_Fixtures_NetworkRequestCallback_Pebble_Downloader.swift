import Foundation

/// Not StoreKit: a download whose callback is named like a StoreKit delegate method.
final class Downloader {
    func request(_ url: URL, completion: @escaping (Data?) -> Void) {
        URLSession.shared.dataTask(with: url) { data, _, _ in completion(data) }.resume()
    }
}
