import Foundation

extension HeadlessCollectionView {
  /// A cell class and how to configure it for an item, registered with a collection view the
  /// first time it dequeues a cell (UIKit's `UICollectionView.CellRegistration`, iOS 14).
  ///
  /// Make registrations up front and keep them: one made inside the data source's request for
  /// a cell is a new registration each time, which defeats reuse, and UIKit raises when it is
  /// used to dequeue (iOS 15).
  @MainActor
  public struct CellRegistration<Cell: HeadlessCollectionViewCell, Item> {
    /// Configures a dequeued cell for its index path and item.
    public typealias Handler =
      @MainActor (_ cell: Cell, _ indexPath: IndexPath, _ item: Item) -> Void

    let handler: Handler
    let reuseIdentifier: String
    let madeInsideCellRequest: Bool

    /// Creates a registration for `Cell`, configured by `handler`.
    public init(handler: @escaping Handler) {
      self.handler = handler
      reuseIdentifier = "CellRegistration.\(String(describing: Cell.self)).\(Registrations.next())"
      madeInsideCellRequest = ListEngine.activeCellRequests > 0
    }
  }

  /// A supplementary view class of an element kind and how to configure it, registered with a
  /// collection view the first time it dequeues one (UIKit's
  /// `UICollectionView.SupplementaryRegistration`, iOS 14).
  @MainActor
  public struct SupplementaryRegistration<Supplementary: HeadlessCollectionReusableView> {
    /// Configures a dequeued view for its element kind and index path.
    public typealias Handler =
      @MainActor (_ supplementaryView: Supplementary, _ elementKind: String, _ indexPath: IndexPath)
      -> Void

    let elementKind: String
    let handler: Handler
    let reuseIdentifier: String
    let madeInsideCellRequest: Bool

    /// Creates a registration for views of `Supplementary` for an element kind.
    public init(elementKind: String, handler: @escaping Handler) {
      self.elementKind = elementKind
      self.handler = handler
      reuseIdentifier =
        "SupplementaryRegistration.\(String(describing: Supplementary.self)).\(Registrations.next())"
      madeInsideCellRequest = ListEngine.activeCellRequests > 0
    }
  }

  /// Dequeues a cell with a registration (registering its class the first time) and configures
  /// it for `item` with the registration's handler (not called for a `nil` item).
  public func dequeueConfiguredReusableCell<Cell, Item>(
    using registration: CellRegistration<Cell, Item>, for indexPath: IndexPath, item: Item?
  ) -> Cell {
    if registration.madeInsideCellRequest {
      engine.report(UIKitMessages.registrationInsideProvider)
    }
    if !engine.isRegistered(registration.reuseIdentifier) {
      register(Cell.self, forCellWithReuseIdentifier: registration.reuseIdentifier)
    }
    let dequeued = dequeueReusableCell(
      withReuseIdentifier: registration.reuseIdentifier, for: indexPath)
    let cell = (dequeued as? Cell) ?? Cell(registeredWith: registration.reuseIdentifier)
    if let item { registration.handler(cell, indexPath, item) }
    return cell
  }

  /// Dequeues a supplementary view with a registration (registering its class the first time)
  /// and configures it with the registration's handler.
  public func dequeueConfiguredReusableSupplementary<Supplementary>(
    using registration: SupplementaryRegistration<Supplementary>, for indexPath: IndexPath
  ) -> Supplementary {
    if registration.madeInsideCellRequest {
      engine.report(UIKitMessages.registrationInsideProvider)
    }
    if !engine.isRegisteredSupplementary(
      kind: registration.elementKind, registration.reuseIdentifier)
    {
      register(
        Supplementary.self, forSupplementaryViewOfKind: registration.elementKind,
        withReuseIdentifier: registration.reuseIdentifier)
    }
    let dequeued = dequeueReusableSupplementaryView(
      ofKind: registration.elementKind, withReuseIdentifier: registration.reuseIdentifier,
      for: indexPath)
    let view =
      (dequeued as? Supplementary) ?? Supplementary(registeredWith: registration.reuseIdentifier)
    registration.handler(view, registration.elementKind, indexPath)
    return view
  }
}

/// Numbers registrations, so that each has a reuse identifier of its own.
@MainActor
enum Registrations {
  private static var count = 0
  static func next() -> Int {
    count += 1
    return count
  }
}
