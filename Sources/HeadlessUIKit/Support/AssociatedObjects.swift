import Foundation

// Where the Objective-C runtime does not exist, HeadlessUIKit answers to its associated-object
// names, which UIKit code uses to have a view keep an object for as long as it lives (a data
// source, which UIKit holds weakly, say). A view's associated objects go when the view goes;
// another object's go the next time any association is set after it went.
#if !canImport(ObjectiveC)
  /// How an associated object is held (the Objective-C runtime's `objc_AssociationPolicy`).
  /// HeadlessUIKit retains the object under every policy but ``OBJC_ASSOCIATION_ASSIGN``,
  /// which it keeps weakly, and copies nothing.
  public struct objc_AssociationPolicy: RawRepresentable, Hashable, Sendable {
    /// The policy's number.
    public var rawValue: UInt
    /// Creates a policy.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// A weak reference.
    public static let OBJC_ASSOCIATION_ASSIGN = Self(rawValue: 0)
    /// A strong reference, set without atomicity.
    public static let OBJC_ASSOCIATION_RETAIN_NONATOMIC = Self(rawValue: 1)
    /// A copy, set without atomicity.
    public static let OBJC_ASSOCIATION_COPY_NONATOMIC = Self(rawValue: 3)
    /// A strong reference.
    public static let OBJC_ASSOCIATION_RETAIN = Self(rawValue: 0o1401)
    /// A copy.
    public static let OBJC_ASSOCIATION_COPY = Self(rawValue: 0o1403)
  }

  /// Associates `value` with `object` under `key` (`nil` removes it).
  public func objc_setAssociatedObject(
    _ object: Any, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy
  ) {
    associations.set(value, for: object as AnyObject, key: key, policy: policy)
  }

  /// The value associated with `object` under `key`, or `nil`.
  public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? {
    associations.value(for: object as AnyObject, key: key)
  }

  let associations = AssociationTable()

  /// Every object's associated values, behind a lock.
  final class AssociationTable: @unchecked Sendable {
    private struct Values {
      weak var owner: AnyObject?
      var strong: [UnsafeRawPointer: Any] = [:]
      var weak: [UnsafeRawPointer: WeakBox] = [:]
    }

    private final class WeakBox {
      weak var value: AnyObject?
      init(_ value: AnyObject) { self.value = value }
    }

    private let lock = NSLock()
    private var table: [ObjectIdentifier: Values] = [:]

    func set(
      _ value: Any?, for owner: AnyObject, key: UnsafeRawPointer, policy: objc_AssociationPolicy
    ) {
      var released: [Any] = []  // let go outside the lock: a deinit may associate again
      lock.lock()
      for (id, values) in table where values.owner == nil {
        released.append(values.strong)
        table[id] = nil
      }
      let id = ObjectIdentifier(owner)
      var values = table[id] ?? Values(owner: owner)
      if let old = values.strong.removeValue(forKey: key) { released.append(old) }
      values.weak[key] = nil
      if let value {
        if policy == .OBJC_ASSOCIATION_ASSIGN {
          values.weak[key] = WeakBox(value as AnyObject)
        } else {
          values.strong[key] = value
        }
      }
      table[id] = values
      lock.unlock()
      withExtendedLifetime(released) {}
    }

    func value(for owner: AnyObject, key: UnsafeRawPointer) -> Any? {
      lock.lock()
      defer { lock.unlock() }
      guard let values = table[ObjectIdentifier(owner)], values.owner === owner else { return nil }
      return values.strong[key] ?? values.weak[key]?.value
    }

    /// Lets go of everything associated with an object that is going away.
    func removeAll(for id: ObjectIdentifier) {
      lock.lock()
      let values = table.removeValue(forKey: id)
      lock.unlock()
      withExtendedLifetime(values) {}
    }
  }
#endif
