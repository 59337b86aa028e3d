import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// An action the user swipes a row to reveal (`UIContextualAction`).
@MainActor
public final class HeadlessContextualAction {
  /// How the action looks.
  public enum Style: Int, Sendable {
    /// An ordinary action.
    case normal
    /// An action that destroys (red).
    case destructive
  }

  /// Runs the action; call `completion` with whether it was performed.
  public typealias Handler =
    @MainActor (HeadlessContextualAction, HeadlessView, @escaping @MainActor (Bool) -> Void) -> Void

  /// How the action looks.
  public let style: Style
  /// The action's title.
  public var title: String?
  /// The action's image.
  public var image: HeadlessImage?
  /// The action's background colour.
  public var backgroundColor: HeadlessColor?
  /// What the action does.
  public let handler: Handler

  /// An action of a style and title.
  public init(style: Style, title: String?, handler: @escaping Handler) {
    self.style = style
    self.title = title
    self.handler = handler
  }
}
