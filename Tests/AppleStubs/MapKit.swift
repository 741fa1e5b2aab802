// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation, DontRepeatTypeInStaticProperties
// (Stand-ins that mirror framework declarations: the frameworks document them.)

// A stand-in for the few parts of MapKit (and Core Location's coordinate) that the map controller uses,
// with MapKit's names and main-actor isolation, built over the UIKit stand-in (see `AppleOnlySourcesTests`).
@_exported import UIKit

public typealias CLLocationDegrees = Double

public struct CLLocationCoordinate2D: Sendable {
  public var latitude: CLLocationDegrees
  public var longitude: CLLocationDegrees
  public init() {
    latitude = 0
    longitude = 0
  }
  public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
    self.latitude = latitude
    self.longitude = longitude
  }
}

public struct MKCoordinateSpan: Sendable {
  public var latitudeDelta: CLLocationDegrees
  public var longitudeDelta: CLLocationDegrees
  public init(latitudeDelta: CLLocationDegrees, longitudeDelta: CLLocationDegrees) {
    self.latitudeDelta = latitudeDelta
    self.longitudeDelta = longitudeDelta
  }
}

public struct MKCoordinateRegion: Sendable {
  public var center: CLLocationCoordinate2D
  public var span: MKCoordinateSpan
  public init(center: CLLocationCoordinate2D, span: MKCoordinateSpan) {
    self.center = center
    self.span = span
  }
}

@MainActor public protocol MKAnnotation: NSObjectProtocol {
  var coordinate: CLLocationCoordinate2D { get }
  var title: String? { get }
}

@MainActor open class MKPointAnnotation: NSObject, MKAnnotation {
  open var coordinate = CLLocationCoordinate2D()
  open var title: String?
  public override init() {}
}

@MainActor public protocol MKMapViewDelegate: NSObjectProtocol {}

@MainActor open class MKMapView: UIView {
  open weak var delegate: (any MKMapViewDelegate)?
  open var region = MKCoordinateRegion(
    center: CLLocationCoordinate2D(), span: MKCoordinateSpan(latitudeDelta: 1, longitudeDelta: 1))
  open private(set) var annotations: [any MKAnnotation] = []
  open func setRegion(_ region: MKCoordinateRegion, animated: Bool) { self.region = region }
  open func addAnnotations(_ annotations: [any MKAnnotation]) { self.annotations += annotations }
  open func removeAnnotations(_ annotations: [any MKAnnotation]) {
    self.annotations.removeAll { annotation in annotations.contains { $0 === annotation } }
  }
}
