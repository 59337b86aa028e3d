import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// A button (`UIButton` where UIKit does not exist): titles and images by state, a
/// configuration, and the action a tap runs.
///
/// A tap from a test is ``HeadlessControl/userTaps()``: it sends `.touchUpInside` and
/// `.primaryActionTriggered`, so actions added for either run, and so does the
/// `primaryAction` the button was made with. `addTarget(_:action:for:)` needs the Objective-C
/// runtime, which Linux lacks; `addAction(_:for:)` (UIKit's, iOS 14) works on both.
@MainActor
open class HeadlessButton: HeadlessControl {
  override var isAccessibilityElementByDefault: Bool { true }
  override var defaultAccessibilityLabel: String? { currentTitle }
  override var defaultAccessibilityTraits: HeadlessAccessibilityTraits {
    isEnabled ? .button : [.button, .notEnabled]
  }

  /// The kind of button (`UIButton.ButtonType`).
  public enum ButtonType: Int, Sendable {
    case custom, system, detailDisclosure, infoLight, infoDark, contactAdd
    /// A plain button, iOS 15.
    case plain = 6
    /// A close button, iOS 13.
    case close = 7

    /// A system button (UIKit's old name for it).
    public static var roundedRect: ButtonType { .system }
  }

  /// How a button looks, as a value (`UIButton.Configuration`, iOS 15): HeadlessUIKit keeps
  /// what it says and draws nothing.
  public struct Configuration: Sendable, Equatable {
    /// The style the configuration was made from: `plain`, `tinted`, `gray`, `filled`,
    /// `borderless`, `bordered`, `borderedTinted` or `borderedProminent`.
    public var style: String
    /// The title.
    public var title: String?
    /// The line under the title.
    public var subtitle: String?
    /// The image's name, if it has one (a system image's, say).
    public var imageName: String?
    /// Whether it shows an activity indicator in place of its image.
    public var showsActivityIndicator = false

    init(style: String) { self.style = style }

    /// A button with no background.
    public static func plain() -> Configuration { Configuration(style: "plain") }
    /// A button with a tinted background.
    public static func tinted() -> Configuration { Configuration(style: "tinted") }
    /// A button with a grey background.
    public static func gray() -> Configuration { Configuration(style: "gray") }
    /// A button filled with the tint colour.
    public static func filled() -> Configuration { Configuration(style: "filled") }
    /// A button with no border.
    public static func borderless() -> Configuration { Configuration(style: "borderless") }
    /// A button with a border.
    public static func bordered() -> Configuration { Configuration(style: "bordered") }
    /// A bordered, tinted button.
    public static func borderedTinted() -> Configuration { Configuration(style: "borderedTinted") }
    /// A bordered button filled with the tint colour.
    public static func borderedProminent() -> Configuration {
      Configuration(style: "borderedProminent")
    }

    /// The image shown, set from an image: HeadlessUIKit keeps its name.
    public var image: HeadlessImage? {
      get { imageName.map { HeadlessImage(size: CGSize(width: 20, height: 20), name: $0) } }
      set { imageName = newValue?.name }
    }
  }

  /// The kind of button it was made as.
  public let buttonType: ButtonType
  /// The button's configuration, if it was given one; it decides the title it shows.
  open var configuration: Configuration? {
    didSet { setNeedsUpdateConfiguration() }
  }

  private var titles: [State.RawValue: String] = [:]
  private var images: [State.RawValue: HeadlessImage] = [:]
  private var titleColors: [State.RawValue: HeadlessColor] = [:]

  /// The label that shows the current title.
  public let titleLabel: HeadlessLabel? = HeadlessLabel()
  /// The view that shows the current image.
  public let imageView: HeadlessImageView? = HeadlessImageView()

  /// A button of a kind.
  public init(type buttonType: ButtonType) {
    self.buttonType = buttonType
    super.init(frame: .zero)
  }

  /// A custom button with a frame, as UIKit's `init(frame:)`.
  public override init(frame: CGRect) {
    buttonType = .custom
    super.init(frame: frame)
  }

  /// A button from an archive: a custom one (HeadlessUIKit has no archives).
  public required init?(coder: NSCoder) {
    buttonType = .custom
    super.init(coder: coder)
  }

  /// A button that runs `primaryAction` when tapped, showing its title (UIKit's iOS 14
  /// initializer).
  public convenience init(type buttonType: ButtonType = .system, primaryAction: HeadlessAction?) {
    self.init(type: buttonType)
    if let primaryAction {
      addAction(primaryAction, for: .primaryActionTriggered)
      setTitle(primaryAction.title, for: .normal)
      setImage(primaryAction.image, for: .normal)
    }
  }

  /// A button drawn from a configuration that runs `primaryAction` when tapped (iOS 15).
  public convenience init(configuration: Configuration, primaryAction: HeadlessAction? = nil) {
    self.init(type: .system, primaryAction: primaryAction)
    if primaryAction != nil, configuration.title == nil {
      var configured = configuration
      configured.title = primaryAction?.title
      self.configuration = configured
    } else {
      self.configuration = configuration
    }
  }

  /// Sets the title shown in `state`.
  open func setTitle(_ title: String?, for state: State) {
    titles[state.rawValue] = title
    titleLabel?.text = currentTitle
  }

  /// The title shown in `state`: its own, or the normal state's, as UIKit falls back.
  open func title(for state: State) -> String? {
    titles[state.rawValue] ?? titles[State.normal.rawValue]
  }

  /// Sets the title's colour in `state`.
  open func setTitleColor(_ color: HeadlessColor?, for state: State) {
    titleColors[state.rawValue] = color
    titleLabel?.textColor = currentTitleColor
  }

  /// The title's colour in `state`: its own, or the normal state's.
  open func titleColor(for state: State) -> HeadlessColor? {
    titleColors[state.rawValue] ?? titleColors[State.normal.rawValue]
  }

  /// The title's colour now: the one set for the current state, else the tint colour (a
  /// system button's default).
  open var currentTitleColor: HeadlessColor { titleColor(for: state) ?? .tintColor }

  /// Sets the image shown in `state`.
  open func setImage(_ image: HeadlessImage?, for state: State) {
    images[state.rawValue] = image
    imageView?.image = currentImage
  }

  /// The image shown in `state`: its own, or the normal state's.
  open func image(for state: State) -> HeadlessImage? {
    images[state.rawValue] ?? images[State.normal.rawValue]
  }

  /// The title shown now: the configuration's, or the one set for the current state.
  open var currentTitle: String? { configuration?.title ?? title(for: state) }

  /// The image shown now.
  open var currentImage: HeadlessImage? { configuration?.image ?? image(for: state) }

  /// Asks for `updateConfiguration()`; HeadlessUIKit runs it at once.
  open func setNeedsUpdateConfiguration() {
    updateConfiguration()
    titleLabel?.text = currentTitle
  }

  /// Updates the button's configuration for its state; override it to change the configuration
  /// as the state changes. Does nothing by default.
  open func updateConfiguration() {}

  /// The state changed: the configuration is updated, as UIKit updates it.
  open override var isEnabled: Bool {
    didSet { setNeedsUpdateConfiguration() }
  }
}
