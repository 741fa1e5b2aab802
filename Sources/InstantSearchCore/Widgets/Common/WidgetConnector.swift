/// What every connector shares: the connections it made, connected again by ``connect()``, undone by
/// ``disconnect()``, and undone when the connector is released.
///
/// A connector makes its connections in `init` (it is fully connected when `init` returns) and keeps
/// each in a typed property for callers who want one link only.
@MainActor
public class WidgetConnector {
  private var parts: [any Connection]

  /// Keeps `parts` (the `nil`s left out), already connected.
  init(parts: [(any Connection)?]) {
    self.parts = parts.compactMap { $0 }
  }

  /// Replaces `old` (disconnected) by `new`, for a connector's `connectController`.
  func replace(_ old: (any Connection)?, with new: any Connection) {
    if let old {
      old.disconnect()
      parts.removeAll { $0 === old }
    }
    parts.append(new)
  }

  /// Keeps `part` (already connected) with the others: connected again by ``connect()``, undone by
  /// ``disconnect()``.
  func adopt(_ part: any Connection) {
    parts.append(part)
  }

  /// Connects everything again after ``disconnect()``.
  public func connect() {
    for part in parts { part.connect() }
  }

  /// Undoes every connection.
  public func disconnect() {
    for part in parts { part.disconnect() }
  }

  isolated deinit {
    disconnect()
  }
}
