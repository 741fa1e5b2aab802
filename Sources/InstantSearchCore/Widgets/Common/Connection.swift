/// A link between two components: `connect()` starts it, `disconnect()` undoes exactly what `connect()`
/// did. Releasing the last reference to a connection also stops its callbacks.
@MainActor
public protocol Connection: AnyObject {
  /// Starts the connection. Connecting twice does nothing.
  func connect()
  /// Undoes what `connect()` did. Disconnecting twice does nothing.
  func disconnect()
}
