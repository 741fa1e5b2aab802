// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation, DontRepeatTypeInStaticProperties
// (Stand-ins that mirror framework declarations: the frameworks document them.)

// A stand-in for the few parts of SwiftUI that the `InstantSearchSwiftUI` views and the seed pages' SwiftUI
// examples use, declared with SwiftUI's names, shapes and main-actor isolation, so that they type-check on
// Linux against the real `InstantSearchCore` (see `AppleOnlySourcesTests`). It checks our side and the
// seeds' shapes; it cannot vouch for SwiftUI itself. Primitive views have a body that is themselves
// and store nothing.
@_exported import Foundation
@_exported import OpenCombine

@MainActor @preconcurrency public protocol View {
  associatedtype Body: View
  @ViewBuilder var body: Body { get }
}

/// Declares a primitive view: its body is itself.
public protocol PrimitiveView: View where Body == Self {}
extension PrimitiveView {
  public var body: Self { self }
}

@resultBuilder public enum ViewBuilder {
  public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
  public static func buildBlock() -> EmptyView { EmptyView() }
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
  public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<
    (repeat each Content)
  > { TupleView((repeat each content)) }
  public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }
  public static func buildEither<First: View, Second: View>(first: First) -> Either<First, Second> {
    Either(first: first, second: nil)
  }
  public static func buildEither<First: View, Second: View>(second: Second) -> Either<First, Second> {
    Either(first: nil, second: second)
  }
}

public struct EmptyView: PrimitiveView { public nonisolated init() {} }
public struct TupleView<T>: PrimitiveView {
  public nonisolated init(_ value: T) {}
}
public struct Either<First: View, Second: View>: PrimitiveView {
  nonisolated init(first: First?, second: Second?) {}
}
extension Optional: View where Wrapped: View {
  public var body: Self { self }
}

public struct Text: PrimitiveView {
  public init<S: StringProtocol>(_ content: S) {}
  public func bold() -> Text { self }
  public static func + (lhs: Text, rhs: Text) -> Text { lhs }
}
public struct Spacer: PrimitiveView {
  public init(minLength: CGFloat? = nil) {}
}
public struct Image: PrimitiveView {
  public init(systemName: String) {}
}
public struct HStack<Content: View>: PrimitiveView {
  public init(spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}
public struct VStack<Content: View>: PrimitiveView {
  public init(spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: PrimitiveView {
  public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}

public struct Button<Label: View>: PrimitiveView {
  public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {}
}
extension Button where Label == Text {
  public init<S: StringProtocol>(_ title: S, action: @escaping () -> Void) {}
}

public struct Stepper<Label: View>: PrimitiveView {
  public init(
    onIncrement: (() -> Void)?, onDecrement: (() -> Void)?, onEditingChanged: @escaping (Bool) -> Void = { _ in },
    @ViewBuilder label: () -> Label
  ) {}
}

public protocol ShapeStyle: Sendable {}
public struct HierarchicalShapeStyle: ShapeStyle {}
extension ShapeStyle where Self == HierarchicalShapeStyle {
  public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle() }
}
public struct Color: PrimitiveView, ShapeStyle {
  public static let accentColor = Color()
}
public protocol Shape: Sendable {}
public struct Rectangle: Shape { public init() {} }

public struct AccessibilityTraits: OptionSet, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }
  public static let isButton = AccessibilityTraits(rawValue: 1)
  public static let isSelected = AccessibilityTraits(rawValue: 2)
}
public struct AccessibilityChildBehavior: Sendable {
  public static let ignore = AccessibilityChildBehavior()
  public static let combine = AccessibilityChildBehavior()
}

/// Every modifier wraps its view in this.
public struct ModifiedView<Content: View>: PrimitiveView {
  nonisolated init(content: Content) {}
}

extension View {
  public func foregroundStyle<S: ShapeStyle>(_ style: S) -> ModifiedView<Self> { ModifiedView(content: self) }
  public func foregroundColor(_ color: Color?) -> ModifiedView<Self> { ModifiedView(content: self) }
  public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> ModifiedView<Self> {
    ModifiedView(content: self)
  }
  public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> ModifiedView<Self> {
    ModifiedView(content: self)
  }
  public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> ModifiedView<Self> {
    ModifiedView(content: self)
  }
  public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> ModifiedView<Self> {
    ModifiedView(content: self)
  }
  public func accessibilityLabel<S: StringProtocol>(_ label: S) -> ModifiedView<Self> { ModifiedView(content: self) }
  public func frame(
    minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
    idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil
  ) -> ModifiedView<Self> { ModifiedView(content: self) }
  public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> ModifiedView<Self> {
    ModifiedView(content: self)
  }
}

public enum Edge: Sendable {
  public struct Set: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let leading = Set(rawValue: 4)
    public static let trailing = Set(rawValue: 8)
    public static let horizontal = Set(rawValue: 12)
    public static let all = Set(rawValue: 15)
  }
}

@propertyWrapper @MainActor @preconcurrency public struct Binding<Value> {
  private let read: () -> Value
  private let write: (Value) -> Void
  public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
    read = get
    write = set
  }
  public var wrappedValue: Value {
    get { read() }
    nonmutating set { write(newValue) }
  }
  public var projectedValue: Binding<Value> { self }
}

public struct TextField<Label: View>: PrimitiveView {}
extension TextField where Label == Text {
  public init<S: StringProtocol>(_ title: S, text: Binding<String>) {}
}
public struct ScrollView<Content: View>: PrimitiveView {
  public init(showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {}
}
public struct LazyVStack<Content: View>: PrimitiveView {
  public init(spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}
public struct ProgressView: PrimitiveView {
  public init() {}
}

@propertyWrapper @MainActor @preconcurrency public struct StateObject<ObjectType: ObservableObject> {
  private let object: ObjectType
  public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) { object = thunk() }
  public var wrappedValue: ObjectType { object }
}

extension Never: View {
  public typealias Body = Never
  public var body: Never { self }
}

extension View {
  public func onSubmit(_ action: @escaping () -> Void) -> ModifiedView<Self> { ModifiedView(content: self) }
  public func task(_ action: @escaping @MainActor @Sendable () async -> Void) -> ModifiedView<Self> {
    ModifiedView(content: self)
  }
  public func onAppear(perform action: (() -> Void)? = nil) -> ModifiedView<Self> { ModifiedView(content: self) }
  public func id<ID: Hashable>(_ id: ID) -> ModifiedView<Self> { ModifiedView(content: self) }
  public func accessibilityHint<S: StringProtocol>(_ hint: S) -> ModifiedView<Self> { ModifiedView(content: self) }
}

@propertyWrapper @MainActor @preconcurrency public struct ObservedObject<ObjectType: ObservableObject> {
  public var wrappedValue: ObjectType
  public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
  @dynamicMemberLookup @MainActor public struct Wrapper {
    let object: ObjectType
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject>
    {
      Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
    }
  }
  public var projectedValue: Wrapper { Wrapper(object: wrappedValue) }
}

@propertyWrapper @MainActor @preconcurrency public struct State<Value> {
  private let box: StateBox<Value>
  public init(wrappedValue: Value) { box = StateBox(value: wrappedValue) }
  public var wrappedValue: Value {
    get { box.value }
    nonmutating set { box.value = newValue }
  }
  public var projectedValue: Binding<Value> {
    let box = self.box
    return Binding(get: { box.value }, set: { box.value = $0 })
  }
}
@MainActor final class StateBox<Value> {
  var value: Value
  init(value: Value) { self.value = value }
}
