/// Decides which rows' content to want, and how urgently, from where the user is and where
/// they are going. A pure value: no clock, no view, no store.
///
/// The plan lists the visible rows first, then rows ahead in the direction of travel (nearest
/// first), then rows behind. Before any scrolling (at bind time) "ahead" means below the first
/// screen. The window ahead widens with speed, so a fast scroll is not outrun.
///
/// During a fling, when it is known where the content will come to rest, the plan wants that
/// screen first (visible priority), then the screens around it, and only then the rows on
/// screen now, which the fling carries past in moments: it stops chasing them.
///
/// - Complexity: O(w) for a window of w rows.
public struct PrefetchPlanner: Sendable, Equatable {
  /// Screens of rows wanted ahead while scrolling.
  public var screensAhead: Double = 2
  /// Screens of rows wanted behind while scrolling.
  public var screensBehind: Double = 0.5
  /// Screens of rows wanted below the first screen before the user scrolls.
  public var initialScreensAhead: Double = 1
  /// Screens wanted on each side of where a fling comes to rest.
  public var screensAroundLanding: Double = 1
  /// Seconds of travel added ahead at the current speed: at 100 rows/s, 0.75 s adds 75 rows.
  public var secondsOfTravelAhead: Double = 0.75
  /// Below this speed (rows per second) the user is taken to be at rest.
  public var restingSpeed: Double = 0.5
  /// The most screens wanted ahead, however fast the scroll: the speed widens the window up to
  /// here, so that no speed — a fast fling, or a jump misread as one — wants the whole list.
  public var maximumScreensAhead: Double = 6

  /// The most rows a plan wants, for screens of `itemsPerScreen` rows: the screen, the most
  /// screens ahead and the screens behind (a fling's plan — the landing screen, the screens
  /// around it, the screen it leaves — is within it with the defaults).
  public func maximumWindow(itemsPerScreen: Int) -> Int {
    let screen = Double(max(1, itemsPerScreen))
    let ahead = max(
      screensAhead, maximumScreensAhead, initialScreensAhead, 2 * screensAroundLanding + 1)
    return Int(((1 + ahead + screensBehind) * screen).rounded(.up)) + 1
  }

  /// Where the user is.
  public struct Situation: Sendable, Equatable {
    /// Rows in the list.
    public var itemCount: Int
    /// The rows on screen, as flat indices.
    public var visible: Range<Int>
    /// Rows that fit on a screen (for lists not shown yet, the expected first screen).
    public var itemsPerScreen: Int
    /// Rows per second; positive toward the end of the list.
    public var velocity: Double
    /// The rows on screen where a fling will come to rest, as flat indices; `nil` when the
    /// view is not decelerating.
    public var landing: Range<Int>?

    /// Describes a situation.
    public init(
      itemCount: Int, visible: Range<Int>, itemsPerScreen: Int, velocity: Double,
      landing: Range<Int>? = nil
    ) {
      self.itemCount = itemCount
      self.visible = visible
      self.itemsPerScreen = itemsPerScreen
      self.velocity = velocity
      self.landing = landing
    }
  }

  /// One wanted row.
  public struct Want: Sendable, Equatable {
    /// The row's flat index.
    public var index: Int
    /// How urgently.
    public var priority: ContentPriority
  }

  /// Creates a planner with the defaults: two screens ahead, half a screen behind, one screen
  /// below the first at bind time, three quarters of a second of travel more at speed.
  public init() {}

  /// The rows to want, most urgent first, all within the list, each once.
  public func plan(for situation: Situation) -> [Want] {
    if let landing = situation.landing?.clamped(to: 0..<max(0, situation.itemCount)),
      !landing.isEmpty
    {
      return plan(landingOn: landing, situation)
    }
    let count = max(0, situation.itemCount)
    let screen = max(1, situation.itemsPerScreen)
    let visible = situation.visible.clamped(to: 0..<count)
    var wants = visible.map { Want(index: $0, priority: .visible) }
    let speed = abs(situation.velocity)
    let isMoving = speed >= restingSpeed
    let forward = !isMoving || situation.velocity > 0
    let mostAhead = max(screensAhead, maximumScreensAhead) * Double(screen)
    let aheadRows =
      isMoving
      ? Int(
        min(mostAhead, screensAhead * Double(screen) + speed * secondsOfTravelAhead).rounded(.up))
      : Int((initialScreensAhead * Double(screen)).rounded(.up))
    let behindRows = isMoving ? Int((screensBehind * Double(screen)).rounded(.up)) : 0
    // Before the list is on screen the visible range is empty: the first screen is wanted
    // as visible, from the top.
    let anchor = visible.isEmpty ? 0..<min(screen, count) : visible
    if visible.isEmpty {
      wants = anchor.map { Want(index: $0, priority: .visible) }
    }
    let ahead =
      forward
      ? Array(anchor.upperBound..<min(count, anchor.upperBound + aheadRows))
      : Array((max(0, anchor.lowerBound - aheadRows)..<anchor.lowerBound).reversed())
    let behind =
      forward
      ? Array((max(0, anchor.lowerBound - behindRows)..<anchor.lowerBound).reversed())
      : Array(anchor.upperBound..<min(count, anchor.upperBound + behindRows))
    wants += ahead.map { Want(index: $0, priority: .prefetch) }
    wants += behind.map { Want(index: $0, priority: .prefetch) }
    return wants
  }

  /// A fling's plan: the landing screen, the screens around it (ahead of the travel first),
  /// then what is on screen now.
  private func plan(landingOn landing: Range<Int>, _ situation: Situation) -> [Want] {
    let count = max(0, situation.itemCount)
    let around = Int((screensAroundLanding * Double(max(1, situation.itemsPerScreen))).rounded(.up))
    let after = Array(landing.upperBound..<min(count, landing.upperBound + around))
    let before = Array((max(0, landing.lowerBound - around)..<landing.lowerBound).reversed())
    var wants = landing.map { Want(index: $0, priority: .visible) }
    for index in situation.velocity >= 0 ? after + before : before + after {
      wants.append(Want(index: index, priority: .prefetch))
    }
    let wanted = Set(wants.map(\.index))
    for index in situation.visible.clamped(to: 0..<count) where !wanted.contains(index) {
      wants.append(Want(index: index, priority: .prefetch))
    }
    return wants
  }
}
