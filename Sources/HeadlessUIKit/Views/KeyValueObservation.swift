import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

// Key-value observation of a view's geometry, under Foundation's names where the Objective-C
// runtime (and so KVO) does not exist: `view.observe(\.bounds) { view, change in … }` compiles
// and runs as against UIKit, for the properties UIKit's scroll views change observably
// (`bounds`, `frame`, `contentOffset`, `contentInset`, `contentSize`, `safeAreaInsets`). Each
// observation reads its property again whenever the view's geometry may have changed and is
// told when the value differs, so only `Equatable` values can be observed here.

/// What an observation is told with (Foundation's `NSKeyValueObservingOptions`).
public struct HeadlessKeyValueObservingOptions: OptionSet, Sendable {
  /// The options' bits, as Foundation numbers them.
  public let rawValue: UInt
  /// The options of `rawValue`'s bits.
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// The change carries the new value.
  public static let new = Self(rawValue: 1 << 0)
  /// The change carries the old value.
  public static let old = Self(rawValue: 1 << 1)
  /// The handler is called once at once, with the value as it is.
  public static let initial = Self(rawValue: 1 << 2)
}

/// One change an observation is told of (Foundation's `NSKeyValueObservedChange`).
public struct HeadlessKeyValueObservedChange<Value> {
  /// The value after the change, if the observation asked for `.new`.
  public let newValue: Value?
  /// The value before the change, if the observation asked for `.old`.
  public let oldValue: Value?
}

/// An observation in force until it is invalidated or released (Foundation's
/// `NSKeyValueObservation`).
@MainActor
public final class HeadlessKeyValueObservation {
  fileprivate let check: @MainActor () -> Void
  fileprivate var isValid = true

  fileprivate init(check: @escaping @MainActor () -> Void) { self.check = check }

  /// Ends the observation; releasing it ends it too.
  public func invalidate() { isValid = false }
}

/// Something whose properties can be observed (Foundation's `_KeyValueCodingAndObserving`).
@MainActor
public protocol HeadlessKeyValueObserving: AnyObject {
  /// Where the observations are kept.
  var keyValueObservers: HeadlessKeyValueObservers { get }
}

/// A view's observations, held weakly: an observation lives as long as whoever made it keeps it.
@MainActor
public final class HeadlessKeyValueObservers {
  private var observations: [Weak] = []
  private struct Weak { weak var observation: HeadlessKeyValueObservation? }

  init() {}

  fileprivate func add(_ observation: HeadlessKeyValueObservation) {
    observations.removeAll { $0.observation == nil }
    observations.append(Weak(observation: observation))
  }

  /// Tells every observation in force to read its value again.
  func valuesMayHaveChanged() {
    guard !observations.isEmpty else { return }
    for entry in observations {
      guard let observation = entry.observation, observation.isValid else { continue }
      observation.check()
    }
  }
}

extension HeadlessKeyValueObserving {
  /// Calls `changeHandler` whenever the value at `keyPath` changes (Foundation's
  /// `observe(_:options:changeHandler:)`); keep the returned observation for as long as it
  /// should run.
  public func observe<Value: Equatable>(
    _ keyPath: KeyPath<Self, Value>, options: HeadlessKeyValueObservingOptions = [],
    changeHandler: @escaping @MainActor (Self, HeadlessKeyValueObservedChange<Value>) -> Void
  ) -> HeadlessKeyValueObservation {
    var last = self[keyPath: keyPath]
    let observation = HeadlessKeyValueObservation { [weak self] in
      guard let self else { return }
      let value = self[keyPath: keyPath]
      guard value != last else { return }
      let old = last
      last = value
      changeHandler(
        self,
        HeadlessKeyValueObservedChange(
          newValue: options.contains(.new) ? value : nil,
          oldValue: options.contains(.old) ? old : nil))
    }
    keyValueObservers.add(observation)
    if options.contains(.initial) {
      changeHandler(
        self,
        HeadlessKeyValueObservedChange(newValue: options.contains(.new) ? last : nil, oldValue: nil)
      )
    }
    return observation
  }
}

extension HeadlessView: HeadlessKeyValueObserving {}

#if !canImport(ObjectiveC)
  /// `NSKeyValueObservation`, where the Objective-C runtime does not exist.
  public typealias NSKeyValueObservation = HeadlessKeyValueObservation
  /// `NSKeyValueObservingOptions`.
  public typealias NSKeyValueObservingOptions = HeadlessKeyValueObservingOptions
  /// `NSKeyValueObservedChange`.
  public typealias NSKeyValueObservedChange = HeadlessKeyValueObservedChange
#endif
