import Foundation

/// The outcome of checking a value signed by the App Store.
///
/// In the stand-in nothing is signed: the fake store decides which values count as verified.
@frozen
public enum VerificationResult<SignedType> {
    /// The value failed verification, for the given reason.
    case unverified(SignedType, VerificationResult<SignedType>.VerificationError)
    /// The value passed verification.
    case verified(SignedType)

    /// Why a signed value failed verification.
    public enum VerificationError: Error, Hashable, Sendable {
        case revokedCertificate
        case invalidCertificateChain
        case invalidDeviceVerification
        case invalidEncoding
        case invalidSignature
        case missingRequiredProperties
    }

    /// The value, or the verification error when it is unverified.
    public var payloadValue: SignedType {
        get throws {
            switch self {
            case .verified(let value): return value
            case .unverified(_, let error): throw error
            }
        }
    }

    /// The value whether or not it passed verification.
    public var unsafePayloadValue: SignedType {
        switch self {
        case .verified(let value): return value
        case .unverified(let value, _): return value
        }
    }

    /// The value in JWS compact form: header, payload and signature, each base64url-encoded and
    /// joined by dots. The stand-in's signature is a placeholder that says whether the fake store
    /// treated the value as verified.
    public var jwsRepresentation: String {
        let header = Data(#"{"alg":"ES256","typ":"JWT","kid":"StoreKitStandIn"}"#.utf8)
        let payload = (unsafePayloadValue as? any StandInSigned)?.signedPayload ?? Data("{}".utf8)
        let signature: Data
        switch self {
        case .verified: signature = Data("verified-by-fake-store".utf8)
        case .unverified(_, let error): signature = Data("unverified-\(error)".utf8)
        }
        return [header, payload, signature].map(\.base64URLEncoded).joined(separator: ".")
    }

    /// When the value was signed.
    public var signedDate: Date {
        (unsafePayloadValue as? any StandInSigned)?.standInSignedDate ?? Date(timeIntervalSince1970: 0)
    }
}

extension VerificationResult: Sendable where SignedType: Sendable {}
extension VerificationResult: Equatable where SignedType: Equatable {}
extension VerificationResult: Hashable where SignedType: Hashable {}

extension VerificationResult.VerificationError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .revokedCertificate: return "The signing certificate was revoked."
        case .invalidCertificateChain: return "The certificate chain is not valid."
        case .invalidDeviceVerification: return "The value was not signed for this device."
        case .invalidEncoding: return "The signed value is not encoded correctly."
        case .invalidSignature: return "The signature does not match the value."
        case .missingRequiredProperties: return "The signed value lacks required properties."
        }
    }
}

/// Values the stand-in can show in a JWS payload.
protocol StandInSigned {
    var signedPayload: Data { get }
    var standInSignedDate: Date { get }
}

extension Data {
    var base64URLEncoded: String {
        base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
