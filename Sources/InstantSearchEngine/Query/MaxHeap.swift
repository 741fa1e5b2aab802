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
      var child = storage.count - 1
      while child > 0 {
        let parent = (child - 1) / 2
        guard storage[parent] < storage[child] else { break }
        storage.swapAt(parent, child)
        child = parent
      }
    } else if let top = storage.first, value < top {
      storage[0] = value
      var parent = 0
      while true {
        let left = 2 * parent + 1
        let right = left + 1
        var largest = parent
        if left < storage.count, storage[left] > storage[largest] { largest = left }
        if right < storage.count, storage[right] > storage[largest] { largest = right }
        if largest == parent { break }
        storage.swapAt(parent, largest)
        parent = largest
      }
    }
  }

  /// The kept values, smallest first.
  func sortedAscending() -> [UInt64] { storage.sorted() }
}
