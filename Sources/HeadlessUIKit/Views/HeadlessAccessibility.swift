import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

// VoiceOver as a list's reader meets it (UIKit rules §7.10): the elements of a window in reading
// order, the one VoiceOver's cursor is on, the notifications an app posts to move it, and what
// happens to it when the element it is on leaves the screen or is reused for another row.

/// What an accessibility element is to VoiceOver (`UIAccessibilityTraits`): a button, a
/// header, selected, and so on, combined as a set.
public struct HeadlessAccessibilityTraits: OptionSet, Sendable, Hashable {
  /// The traits' bits.
  public let rawValue: UInt64
  /// The traits with these bits.
  public init(rawValue: UInt64) { self.rawValue = rawValue }

  /// No trait.
  public static let none = Self([])
  /// Acts when activated.
  public static let button = Self(rawValue: 1 << 0)
  /// Opens a link.
  public static let link = Self(rawValue: 1 << 1)
  /// Shows an image.
  public static let image = Self(rawValue: 1 << 2)
  /// Is selected (a selected row).
  public static let selected = Self(rawValue: 1 << 3)
  /// Text that does not change.
  public static let staticText = Self(rawValue: 1 << 6)
  /// Is not enabled.
  public static let notEnabled = Self(rawValue: 1 << 8)
  /// Changes often (a streaming reply): VoiceOver reads it less eagerly.
  public static let updatesFrequently = Self(rawValue: 1 << 9)
  /// A section's header.
  public static let header = Self(rawValue: 1 << 16)
}

/// The app's side of VoiceOver (`UIAccessibility`): whether it runs, and the notifications that
/// tell it the screen changed.
@MainActor
public enum HeadlessAccessibility {
  /// What an app tells VoiceOver (`UIAccessibility.Notification`).
  public struct Notification: Hashable, Sendable {
    let name: String

    /// Part of the screen changed: the argument, an element, is where the cursor goes; with
    /// none, it stays where it is if that is still on screen.
    public static let layoutChanged = Notification(name: "layoutChanged")
    /// A new screen: the argument, an element, is where the cursor goes; with none, the first
    /// element of the screen.
    public static let screenChanged = Notification(name: "screenChanged")
    /// The argument, a string, is read out.
    public static let announcement = Notification(name: "announcement")
    /// The content scrolled a page: the argument, a string, is read out.
    public static let pageScrolled = Notification(name: "pageScrolled")
  }

  /// Which assistive technology's cursor ``focusedElement(using:)`` reads
  /// (`UIAccessibility.AssistiveTechnologyIdentifier`).
  public struct AssistiveTechnologyIdentifier: Hashable, Sendable, RawRepresentable {
    /// The identifier's string, as UIKit's constant holds it.
    public let rawValue: String
    /// The identifier with this string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// VoiceOver.
    public static let notificationVoiceOver = AssistiveTechnologyIdentifier(
      rawValue: "UIAccessibilityNotificationVoiceOverIdentifier")
    /// Switch Control, which HeadlessUIKit does not model: its cursor is never anywhere.
    public static let notificationSwitchControl = AssistiveTechnologyIdentifier(
      rawValue: "UIAccessibilityNotificationSwitchControlIdentifier")
  }

  /// The element the cursor of `identifier`'s technology is on in the key window
  /// (`UIAccessibility.focusedElement(using:)`): VoiceOver's for `.notificationVoiceOver` or
  /// `nil`; `nil` when it is off or its cursor is on nothing.
  public static func focusedElement(using identifier: AssistiveTechnologyIdentifier?) -> Any? {
    guard identifier == nil || identifier == .notificationVoiceOver,
      let voiceOver = HeadlessWindow.keyWindow?.voiceOver, voiceOver.isRunning
    else { return nil }
    return voiceOver.focusedElement
  }

  /// Whether VoiceOver runs (``HeadlessVoiceOver/isRunning``) on any window on screen. On a
  /// device it is one setting for every window; here each test's window has its own, and a
  /// test's window need not be the key one while another test makes windows.
  public static var isVoiceOverRunning: Bool {
    HeadlessWindow.visibleWindows.contains { $0.voiceOver.isRunning }
  }

  /// Tells VoiceOver of a change (`UIAccessibility.post(notification:argument:)`): in the
  /// window of the element given, or the key window. Heard only while VoiceOver runs.
  public static func post(notification: Notification, argument: Any?) {
    let element = argument as? HeadlessView
    let window = element?.accessibilityWindow ?? HeadlessWindow.keyWindow
    window?.voiceOver.hear(notification, argument: argument)
  }
}

/// VoiceOver on one window (HeadlessUIKit only): its elements in reading order, the element its
/// cursor is on, and what it was told. A test turns it on, moves the cursor as a person does
/// (``userFocuses(on:)``, ``userMovesToNextElement()``), and reads where it is.
///
/// As on a device, the cursor stays on the object it is on: a cell reconfigured in place, or
/// moved by a batch, keeps it. When the element leaves the screen — its cell scrolled away,
/// prepared for reuse (a reload re-asks every visible row), or its view taken out — VoiceOver
/// puts the cursor on the screen's first element at the end of the turn, unless the app posted
/// where it should go first (UIKit rules §7.10).
@MainActor
public final class HeadlessVoiceOver {
  /// The window this VoiceOver reads.
  weak var window: HeadlessWindow?

  /// Whether VoiceOver runs; off by default. Turned off, the cursor goes.
  public var isRunning = false {
    didSet { if !isRunning { move(to: nil) } }
  }

  /// The element the cursor is on, if any.
  public private(set) weak var focusedElement: HeadlessView?

  /// What was read out: the announcements and page-scrolled strings posted, in order.
  public private(set) var announcements: [String] = []

  /// The notifications posted while VoiceOver ran, in order.
  public private(set) var postedNotifications: [HeadlessAccessibility.Notification] = []

  /// How many times the cursor lost its element and VoiceOver put it elsewhere by itself.
  public private(set) var focusLossCount = 0

  private var isSettleScheduled = false

  init() {}

  /// The window's elements in reading order: each visible view that is an accessibility
  /// element, in the order of its superviews' subviews, and the visible cells of a table or a
  /// collection view in the order of their rows, where the list is. A view hidden, or whose
  /// ``HeadlessView/accessibilityElementsHidden`` is set, hides itself and what it holds.
  ///
  /// - Complexity: O(*v*), the views in the window and the visible cells.
  public var elements: [HeadlessView] {
    guard let window else { return [] }
    var found: [HeadlessView] = []
    collect(window, into: &found)
    return found
  }

  private func collect(_ view: HeadlessView, into found: inout [HeadlessView]) {
    guard !view.isHidden, view.alpha > 0.01, !view.accessibilityElementsHidden else { return }
    if view.isAccessibilityElement {
      found.append(view)
      return
    }
    if let list = view as? HeadlessScrollView {
      for cell in list.engine.visibleCellsForRead() { collect(cell, into: &found) }
    }
    for subview in view.subviews { collect(subview, into: &found) }
  }

  /// Whether `element` is one of the window's elements now.
  public func isOnScreen(_ element: HeadlessView) -> Bool {
    elements.contains { $0 === element }
  }

  // MARK: The person's moves

  /// The person touches an element, or swipes to it: the cursor goes there. Returns `false`,
  /// moving nothing, when VoiceOver is off or `element` is not one of the window's elements.
  @discardableResult
  public func userFocuses(on element: HeadlessView) -> Bool {
    guard isRunning, isOnScreen(element) else { return false }
    move(to: element)
    return true
  }

  /// The person swipes right: the cursor goes to the next element (the first, from none).
  /// Returns `false` at the last element or with VoiceOver off.
  @discardableResult
  public func userMovesToNextElement() -> Bool {
    step(by: 1)
  }

  /// The person swipes left: the cursor goes to the element before. Returns `false` at the
  /// first element or with VoiceOver off.
  @discardableResult
  public func userMovesToPreviousElement() -> Bool {
    step(by: -1)
  }

  private func step(by delta: Int) -> Bool {
    guard isRunning else { return false }
    let all = elements
    guard let current = focusedElement, let index = all.firstIndex(where: { $0 === current })
    else {
      guard let first = delta > 0 ? all.first : all.last else { return false }
      move(to: first)
      return true
    }
    let next = index + delta
    guard all.indices.contains(next) else { return false }
    move(to: all[next])
    return true
  }

  // MARK: What the app and the views tell it

  func hear(_ notification: HeadlessAccessibility.Notification, argument: Any?) {
    guard isRunning else { return }
    postedNotifications.append(notification)
    switch notification {
    case .announcement, .pageScrolled:
      if let text = argument as? String {
        announcements.append(text)
      } else if let text = argument as? NSAttributedString {
        announcements.append(text.string)
      }
    case .screenChanged:
      if let element = argument as? HeadlessView, isOnScreen(element) {
        move(to: element)
      } else {
        move(to: elements.first)
      }
    default:
      if let element = argument as? HeadlessView, isOnScreen(element) {
        move(to: element)
      } else if let current = focusedElement, !isOnScreen(current) {
        move(to: elements.first)
      }
    }
  }

  /// `view` left the screen or was reused for another row: if the cursor was on it or inside
  /// it, VoiceOver loses its place and puts the cursor on the first element at the end of the
  /// turn — unless the app posts where it goes first.
  func viewLeft(_ view: HeadlessView) {
    guard isRunning, let current = focusedElement,
      current === view || current.isDescendant(of: view)
    else { return }
    move(to: nil)
    focusLossCount += 1
    guard !isSettleScheduled else { return }
    isSettleScheduled = true
    Task { @MainActor [weak self] in
      guard let self else { return }
      self.isSettleScheduled = false
      if self.isRunning, self.focusedElement == nil { self.move(to: self.elements.first) }
    }
  }

  private func move(to element: HeadlessView?) {
    guard element !== focusedElement else { return }
    let previous = focusedElement
    focusedElement = element
    previous?.accessibilityElementDidLoseFocus()
    element?.accessibilityElementDidBecomeFocused()
  }
}
