/// Stable least-significant-digit radix sort of 32-bit items by 64-bit keys, for the sorts of loading
/// (numeric columns, the custom ranking, the object ID index): a million items sort in a few passes over
/// flat arrays instead of a comparison sort calling a closure twenty million times.
enum RadixSort {
  /// Sorts `items` by `key(item)` ascending; items of equal keys keep their order (stable), so sorting by
  /// the last criterion first and the first one last sorts by all of them.
  static func sort(_ items: inout [UInt32], by key: (UInt32) -> UInt64) {
    let count = items.count
    guard count > 1 else { return }
    var keys = items.map(key)
    // One pass counts every byte position; a position where all keys share their byte is skipped.
    var histograms = [Int](repeating: 0, count: 8 * 256)
    keys.withUnsafeBufferPointer { keys in
      histograms.withUnsafeMutableBufferPointer { histograms in
        for key in keys {
          for digit in 0..<8 { histograms[digit << 8 | Int((key >> UInt64(digit * 8)) & 0xFF)] += 1 }
        }
      }
    }
    var spareKeys = [UInt64](repeating: 0, count: count)
    var spareItems = [UInt32](repeating: 0, count: count)
    for digit in 0..<8 {
      let counts = histograms[digit << 8..<(digit + 1) << 8]
      if counts.contains(count) { continue }
      var next = [Int](repeating: 0, count: 256)
      var total = 0
      for bucket in 0..<256 {
        next[bucket] = total
        total += counts[digit << 8 + bucket]
      }
      let shift = UInt64(digit * 8)
      keys.withUnsafeBufferPointer { keys in
        items.withUnsafeBufferPointer { items in
          spareKeys.withUnsafeMutableBufferPointer { spareKeys in
            spareItems.withUnsafeMutableBufferPointer { spareItems in
              next.withUnsafeMutableBufferPointer { next in
                for index in 0..<count {
                  let key = keys[index]
                  let bucket = Int((key >> shift) & 0xFF)
                  let target = next[bucket]
                  next[bucket] = target + 1
                  spareKeys[target] = key
                  spareItems[target] = items[index]
                }
              }
            }
          }
        }
      }
      swap(&keys, &spareKeys)
      swap(&items, &spareItems)
    }
  }

  /// A key whose unsigned order is the numeric order of `value` (finite values; -0 and +0 are one key).
  @inline(__always)
  static func key(_ value: Double) -> UInt64 {
    let bits = (value == 0 ? 0 : value).bitPattern
    // Negative numbers: all bits flipped (larger magnitude, smaller key); positive: the sign bit set.
    return bits & (1 << 63) != 0 ? ~bits : bits | (1 << 63)
  }
}
