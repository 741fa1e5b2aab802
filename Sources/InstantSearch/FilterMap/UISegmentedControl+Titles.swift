#if canImport(UIKit) && !os(watchOS)
  import UIKit

  extension UISegmentedControl {
    /// Replaces the segments by `titles`, in order, and selects the segment at `selected` (none for `nil`):
    /// what the segmented controllers (filter map, page links, breadcrumb) do with what they are given.
    func replaceSegments(with titles: [String], selected: Int?) {
      removeAllSegments()
      for (index, title) in titles.enumerated() {
        insertSegment(withTitle: title, at: index, animated: false)
      }
      selectedSegmentIndex = selected ?? UISegmentedControl.noSegment
    }
  }
#endif
