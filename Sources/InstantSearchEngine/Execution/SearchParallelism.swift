/// Where a search may run parts of its work beside the thread that calls it: a policy the caller chooses
/// and passes in, never a thread the process shares behind its back.
///
/// With a side thread, a query counts the facets of many matches there while it ranks them, builds half of
/// a page's hits there, and reads a large bitset out on both threads; a multi-query request
/// (``LocalSearchClient``) runs its queries after the first there. A query takes the side thread only when
/// it is idle and otherwise does that work itself, so concurrent queries never wait on each other. The
/// answers are the same under every policy: only where the work runs changes.
///
/// ```swift
/// // A server on a machine of two cores or more: one more thread for each request's side work.
/// let client = LocalSearchClient(indices: [index], parallelism: .sideThread())
/// // An app searching on a background thread of a phone: nothing beside it.
/// let answer = try index.search(Query("phone"), parallelism: .callerOnly)
/// ```
public struct SearchParallelism: Sendable {
  /// The side thread, or `nil` for every piece of work on the caller's thread.
  let sideThread: SideThread?

  /// Every piece of a search's work on the thread that calls it: for an app that already searches on a
  /// background thread, and for tests whose outcome must not depend on scheduling.
  public static var callerOnly: SearchParallelism { SearchParallelism(sideThread: nil) }

  /// A new side thread, shared by every search given this value (and its copies): each call makes another
  /// one, so that two clients never compete for one thread without knowing it.
  ///
  /// - Parameter label: The name the thread's queue carries in a debugger or a profile.
  public static func sideThread(label: String = "InstantSearchEngine.SideThread") -> SearchParallelism {
    SearchParallelism(sideThread: SideThread(label: label))
  }

  /// Runs `body` with a session on the side thread (`nil` without one): the session takes the thread at
  /// its first piece of work that finds it idle, and gives it up when `body` returns.
  func withSession<R, E: Error>(_ body: (SideSession?) throws(E) -> R) throws(E) -> R {
    guard let sideThread else { return try body(nil) }
    return try sideThread.withSession { (session: SideSession) throws(E) in try body(session) }
  }
}
