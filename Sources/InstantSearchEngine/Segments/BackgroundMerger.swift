import Dispatch
import InstantSearchModel

/// Runs an index's merges too large for a write (see ``MergePolicy``) on a thread of its own, one at a time,
/// while searches and writes go on: the merged segment is built from the segments as they were when the
/// merge started, then installed with the writer lock held, carrying over the deletions made meanwhile.
final class BackgroundMerger: Sendable {
  private let queue = DispatchQueue(label: "instantsearch.merges", qos: .utility)
  /// Whether a run is queued and not started yet (a publish then needs no other).
  private let queued = Locked(false)

  /// Queues a run of `index`'s due merges, unless one is queued already.
  func schedule(_ index: LocalIndex) {
    let isNew = queued.withLock { queued in
      defer { queued = true }
      return !queued
    }
    guard isNew else { return }
    queue.async { [queued] in
      queued.withLock { $0 = false }
      index.runBackgroundMerges()
    }
  }

  /// Waits until the queued runs are done (for tests and tools).
  func wait() {
    queue.sync {}
  }
}

extension LocalIndex {
  /// Whether `view` has a merge due that is too large for a write.
  static func needsBackgroundMerge(_ view: IndexView) -> Bool {
    guard let picked = MergePolicy.nextMerge(view.segments) else { return false }
    return MergePolicy.records(view.segments, picked) > MergePolicy.inlineLimit
  }

  /// Runs the due merges, one at a time, until none is due (or the index keeps changing under them).
  func runBackgroundMerges() {
    for _ in 0..<64 {
      let view = self.view
      guard let picked = MergePolicy.nextMerge(view.segments) else { return }
      merge(picked, of: view)
    }
  }

  /// Merges the segments at `picked` of `view` without the writer lock, then installs the result with
  /// it; `meanwhile` runs in between (tests write there, as writers would during a long merge).
  func merge(_ picked: [Int], of view: IndexView, meanwhile: () -> Void = {}) {
    let sources = picked.map { view.segments[$0] }
    let (merged, positions) = IndexView.merged(sources, name: name, settings: view.settings, renumber: false)
    meanwhile()
    exclusively { install(merged, replacing: sources, positions: positions) }
  }

  /// Replaces `sources` (still the view's) with `merged`, deleting in it the records deleted in them since
  /// the merge read them; does nothing when a write has replaced a source meanwhile (a settings change, a
  /// clear, a rewrite of a wasted segment). Runs with the writer lock held.
  private func install(_ merged: Segment, replacing sources: [Segment], positions: [[Int32]]) {
    let current = view
    var picked: [Int] = []
    for source in sources {
      guard let position = current.segments.firstIndex(where: { $0.snapshot === source.snapshot }) else { return }
      picked.append(position)
    }
    var merged = merged
    for (offset, source) in sources.enumerated() {
      let now = current.segments[picked[offset]]
      guard now.deletedCount != source.deletedCount else { continue }
      for doc in now.deletedDocs where !source.isDeleted(Int(doc)) {
        let position = positions[offset][Int(doc)]
        if position >= 0 { merged.delete(Int(position)) }
      }
    }
    publish(
      IndexView(
        name: name, settings: current.settings,
        segments: MergePolicy.replacing(picked.sorted(), in: current.segments, with: merged),
        nextSequence: current.nextSequence))
  }

  /// Waits until the background merges queued so far are done: for tools that measure the index as it
  /// settles, and for tests. Searches and writes never need to.
  public func waitForMerges() {
    merger.wait()
  }
}
