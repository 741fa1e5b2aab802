#if canImport(SwiftUI)
  import SwiftUI
  import InstantSearchCore

// SwiftUI views for the widgets (`FacetList`, `FacetRow`, …) live in this module, on Apple platforms
// only. It has no public API yet.
#endif
