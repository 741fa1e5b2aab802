import InstantSearchModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One entry of the allowed sources (Algolia's `/1/security/sources`): an IPv4 or IPv6 address range in
/// CIDR notation (`10.0.0.1/32`, `192.168.0.0/16`, `2001:db8::/32`; an address alone is itself), and a
/// description. While the list is not empty, a request from an address outside every range is refused.
public struct AllowedSource: Sendable, Hashable {
  /// The range as given.
  public let source: String
  /// What it is for.
  public let description: String
  /// The range's first bytes (4 for IPv4, 16 for IPv6) and how many of its leading bits count.
  let network: [UInt8]
  let prefixBits: Int

  /// The most sources the list holds: 1,000.
  public static let maximumCount = 1_000
  /// The longest description kept: 1,000 bytes.
  public static let maximumDescriptionBytes = 1_000

  /// Reads `source`, failing with a message that names it when it is not an address or a CIDR range.
  public init(source: String, description: String = "") throws(APIError) {
    guard description.utf8.count <= Self.maximumDescriptionBytes else {
      throw APIError(400, "description: at most \(Self.maximumDescriptionBytes) bytes")
    }
    let parts = source.split(separator: "/", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), source.utf8.count <= 64, let bytes = Self.address(String(parts[0])) else {
      throw APIError(400, "source: \(source.prefix(64)) is not an IP address or a CIDR range (10.0.0.1/32)")
    }
    var bits = bytes.count * 8
    if parts.count == 2 {
      guard parts[1].utf8.count <= 3, let given = Int(parts[1]), (0...bits).contains(given) else {
        throw APIError(400, "source: \(source.prefix(64)) has a prefix length that is not 0 to \(bits)")
      }
      bits = given
    }
    self.source = source
    self.description = description
    self.network = bytes
    self.prefixBits = bits
  }

  /// Whether the address `text` (as the connection reports it) is in this range; an IPv4 address given as
  /// IPv6 (`::ffff:10.0.0.1`) counts as IPv4.
  func contains(_ text: String) -> Bool {
    guard var bytes = Self.address(text) else { return false }
    if bytes.count == 16, network.count == 4, bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff,
      bytes[11] == 0xff
    {
      bytes = Array(bytes[12...])
    }
    guard bytes.count == network.count else { return false }
    var remaining = prefixBits
    for (have, want) in zip(bytes, network) where remaining > 0 {
      let mask: UInt8 = remaining >= 8 ? 0xff : ~(0xff >> UInt8(remaining))
      guard have & mask == want & mask else { return false }
      remaining -= 8
    }
    return true
  }

  /// The JSON Algolia answers for it.
  var json: JSON { ["source": .string(source), "description": .string(description)] }

  /// The bytes of an IPv4 (4) or IPv6 (16) address, `nil` when `text` is neither.
  static func address(_ text: String) -> [UInt8]? {
    guard text.utf8.count <= 45 else { return nil }
    var v4 = in_addr()
    if inet_pton(AF_INET, text, &v4) == 1 {
      return withUnsafeBytes(of: &v4) { Array($0) }
    }
    var v6 = in6_addr()
    if inet_pton(AF_INET6, text, &v6) == 1 {
      return withUnsafeBytes(of: &v6) { Array($0) }
    }
    return nil
  }

  /// Whether `text` is a loopback address (`127.0.0.0/8`, `::1`): the server's own machine, never refused,
  /// so that an operator who left their own address out can put it back from there.
  static func isLoopback(_ text: String) -> Bool {
    guard let bytes = address(text) else { return false }
    if bytes.count == 4 { return bytes[0] == 127 }
    if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return true }
    return bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xff && bytes[11] == 0xff && bytes[12] == 127
  }
}
