// `ObservableObject` for the observable controllers: Combine on Apple platforms, OpenCombine on Linux.
#if canImport(Combine)
  @_exported import Combine
#elseif canImport(OpenCombine)
  @_exported import OpenCombine
#endif
