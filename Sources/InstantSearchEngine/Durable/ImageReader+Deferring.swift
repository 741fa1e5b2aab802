extension ImageReader {
  /// From now on, the checks of mapped arrays and the tests of ``require(_:_:)`` are kept for
  /// ``endDeferring()`` rather than run by ``finish()`` or at once: the caller runs them before any read
  /// trusts those arrays (``DeferredVerification``).
  mutating func beginDeferring() {
    deferring = DeferredVerification.Work()
  }

  /// The checks of the arrays mapped and the tests asked since ``beginDeferring()``; the next ones are run
  /// by ``finish()`` or at once.
  mutating func endDeferring() -> DeferredVerification.Work {
    defer { deferring = nil }
    return deferring ?? DeferredVerification.Work()
  }

  /// Requires `holds()` — a test of several arrays that reads them — to be true: now, or, while deferring,
  /// once the deferred part's checksums have passed and before any read trusts it, so that opening leaves
  /// the mapped arrays untouched (reading one brought in the whole folio of the page cache around it, up to
  /// 2 MB on Linux 6.18). Fails with `failure` as the reason.
  ///
  /// - Throws: ``DurableError/corrupt(path:reason:)`` when not deferring and the test fails.
  mutating func require(_ failure: String, _ holds: @escaping @Sendable () -> Bool) throws(DurableError) {
    guard deferring == nil else {
      deferring?.tests.append(DeferredVerification.Test(holds: holds, failure: failure))
      return
    }
    guard holds() else { throw .corrupt(path: path, reason: failure) }
  }
}
