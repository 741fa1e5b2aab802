import InstantSearchModel

/// A value made the first time a thread asks for it, then kept: what a snapshot derives from its columns
/// only when some query needs it (a facet's key lookups, the custom ranks, a numeric link's numbers, a
/// range's slices by code), so that opening an index neither computes it nor brings the columns it reads
/// into memory. A thread asking while another makes it waits for that value; none is made twice.
final class MadeOnFirstUse<Value>: @unchecked Sendable {
  // Safety: the value is read and written only inside `made`'s lock.
  private let made: Locked<Value?>

  /// Not made yet.
  init() {
    made = Locked(nil)
  }

  /// Already made (a structure built in memory, which has the value at hand).
  init(_ value: Value) {
    made = Locked(value)
  }

  /// The value, made now with `make` unless a thread has made it.
  func value(_ make: () -> Value) -> Value {
    made.withLock { made in
      if let made { return made }
      let value = make()
      made = value
      return value
    }
  }

  /// The value if some thread has made it, else `nil` (never makes it): what storage figures count.
  var ifMade: Value? { made.withLock { $0 } }
}
