import Foundation
import Observation

/// The custom data of the query rules a search applied (their `userData`), decoded into `Model`: a
/// promotional banner when someone types "sale", a redirect, a notice.
///
/// Of a response's `userData` entries, the first that decodes as `Model` is the ``item``; `nil` when
/// none does. When entries exist but none decodes, ``decodingError`` says why (the first failure), so a
/// model that does not fit the rules' data shows up instead of silently showing nothing.
///
/// ```swift
/// struct Banner: Decodable { let title: String; let link: URL? }
/// let interactor = QueryRuleCustomDataInteractor<Banner>()
/// interactor.connectSearcher(searcher)
/// ```
@MainActor
@Observable
public final class QueryRuleCustomDataInteractor<Model: Decodable>: WidgetInteractor {
  /// The decoded custom data of the latest results, `nil` when they carry none that fits.
  public private(set) var item: Model?
  /// Why the latest results' custom data did not decode as `Model`, when it did not.
  public private(set) var decodingError: ResponseDecodingError?
  /// The `userData` entry ``item`` was decoded from.
  @ObservationIgnored private var source: JSON?

  @ObservationIgnored let links = WidgetLinks()

  /// Creates an interactor, optionally with an item to show before any result.
  public init(item: Model? = nil) {
    self.item = item
  }

  /// Calls `handler` after each change of the item.
  public func onChange(_ handler: @escaping @MainActor () -> Void) -> SubscriptionToken {
    links.onChange(handler)
  }

  var changeSnapshot: some Equatable { ChangeKey(source, decodingError.map { "\($0)" }) }

  /// Takes the custom data of a response (`userData`; none: no item).
  public func take(_ userData: [JSON]?) {
    var chosen: (Model, JSON)?
    var failure: ResponseDecodingError?
    for entry in userData ?? [] {
      do {
        chosen = (try Self.decode(entry), entry)
        break
      } catch {
        if failure == nil { failure = error }
      }
    }
    update { interactor in
      interactor.item = chosen?.0
      interactor.source = chosen?.1
      interactor.decodingError = chosen == nil ? failure : nil
    }
  }

  private static func decode(_ entry: JSON) throws(ResponseDecodingError) -> Model {
    do {
      return try JSONDecoder().decodeBounded(Model.self, from: JSONEncoder().encode(entry))
    } catch let error as DecodingError {
      throw ResponseDecodingError(error)
    } catch {
      throw ResponseDecodingError(path: "userData", message: "\(error)")
    }
  }

  /// Takes the custom data of every result of a searcher (and of the latest one). The interactor keeps
  /// the connection.
  @discardableResult
  public func connectSearcher(_ searcher: HitsSearcher) -> WidgetConnection {
    makeConnection { [weak searcher] interactor in
      guard let searcher else { return nil }
      return [searcher.followResults { [weak interactor] response in interactor?.take(response.userData) }]
    }
  }

  /// Shows the item in a view through `presenter`, now and after each change. The interactor keeps the
  /// connection.
  @discardableResult
  public func connectController<Controller: ItemController>(
    _ controller: Controller, presenter: @escaping @MainActor (Model?) -> Controller.Item
  ) -> WidgetConnection {
    makeConnection { interactor in
      controller.setItem(presenter(interactor.item))
      return [
        interactor.onChange { [weak interactor, weak controller] in
          guard let interactor, let controller else { return }
          controller.setItem(presenter(interactor.item))
        }
      ]
    }
  }

  /// Shows the item as it is in a view of `Model?`.
  @discardableResult
  public func connectController<Controller: ItemController>(_ controller: Controller) -> WidgetConnection
  where Controller.Item == Model? {
    connectController(controller) { $0 }
  }
}
