/// Keeps the `capacity` smallest values offered.
struct MaxHeap {
  private var storage: [UInt64] = []
  let capacity: Int

  init(capacity: Int) {
    self.capacity = capacity
    storage.reserveCapacity(capacity)
  }

  /// Keeps `value` when fewer than `capacity` values are kept or it is smaller than the largest kept
  /// (which it then replaces).
  mutating func offer(_ value: UInt64) {
    if storage.count < capacity {
      storage.append(value)
      // Sifted up through a buffer: parents move down into the hole, without array checks at each step.
      storage.withUnsafeMutableBufferPointer { heap in
        var child = heap.count - 1
        while child > 0 {
          let parent = (child - 1) / 2
          guard heap[parent] < value else { break }
          heap[child] = heap[parent]
          child = parent
        }
        heap[child] = value
      }
      return
    }
    guard let top = storage.first, value < top else { return }
    storage.withUnsafeMutableBufferPointer { heap in
      let count = heap.count
      var parent = 0
      while true {
        let left = 2 * parent + 1
        guard left < count else { break }
        let right = left + 1
        let larger = right < count && heap[right] > heap[left] ? right : left
        guard heap[larger] > value else { break }
        heap[parent] = heap[larger]
        parent = larger
      }
      heap[parent] = value
    }
  }

  /// The largest value kept, `nil` when none is.
  var top: UInt64? { storage.first }

  /// The kept values, smallest first.
  func sortedAscending() -> [UInt64] { storage.sorted() }
}
