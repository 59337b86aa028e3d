import Foundation

// Where Combine does not exist: Combine's `Scheduler`, as far as `receive(on:)`, `debounce` and
// `throttle` use it, for the schedulers apps name — `DispatchQueue`, `RunLoop` and
// `ImmediateScheduler` — with Combine's signatures, so `.receive(on: DispatchQueue.main)` and
// `.debounce(for: .milliseconds(300), scheduler: RunLoop.main)` compile and run unchanged.
#if !canImport(Combine)
  /// A duration a scheduler's time can be moved by, made from seconds and their fractions
  /// (Combine's `SchedulerTimeIntervalConvertible`).
  public protocol SchedulerTimeIntervalConvertible {
    /// A number of seconds.
    static func seconds(_ s: Int) -> Self
    /// A number of seconds, with a fraction.
    static func seconds(_ s: Double) -> Self
    /// A number of milliseconds.
    static func milliseconds(_ ms: Int) -> Self
    /// A number of microseconds.
    static func microseconds(_ us: Int) -> Self
    /// A number of nanoseconds.
    static func nanoseconds(_ ns: Int) -> Self
  }

  /// Something that runs actions now or later (Combine's `Scheduler`).
  public protocol Scheduler<SchedulerTimeType> {
    /// The scheduler's time.
    associatedtype SchedulerTimeType: Strideable
    where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible
    /// Options a scheduler takes.
    associatedtype SchedulerOptions
    /// Now, in the scheduler's time.
    var now: SchedulerTimeType { get }
    /// The least tolerance the scheduler allows.
    var minimumTolerance: SchedulerTimeType.Stride { get }
    /// Runs `action` as soon as the scheduler can.
    func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void)
    /// Runs `action` at `date`, or within `tolerance` after it.
    func schedule(
      after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
      options: SchedulerOptions?, _ action: @escaping () -> Void)
  }

  extension Scheduler {
    /// Runs `action` as soon as the scheduler can.
    public func schedule(_ action: @escaping () -> Void) { schedule(options: nil, action) }

    /// Runs `action` at `date`.
    public func schedule(after date: SchedulerTimeType, _ action: @escaping () -> Void) {
      schedule(after: date, tolerance: minimumTolerance, options: nil, action)
    }
  }

  /// A duration in nanoseconds: the stride of the schedulers' times below, made from seconds,
  /// milliseconds, or a number literal of seconds (`0.3`), as Combine's are.
  public struct SchedulerStride: SchedulerTimeIntervalConvertible, Comparable, Hashable,
    SignedNumeric, ExpressibleByFloatLiteral, Sendable
  {
    /// The duration, in nanoseconds.
    public var magnitude: Int

    /// A duration of `nanoseconds`.
    public init(nanoseconds: Int) { magnitude = nanoseconds }

    /// A number of seconds.
    public init(integerLiteral value: Int) { magnitude = value * 1_000_000_000 }
    /// A number of seconds, with a fraction.
    public init(floatLiteral value: Double) { magnitude = Int(value * 1e9) }
    /// A number of nanoseconds, if it is a whole number.
    public init?<T: BinaryInteger>(exactly source: T) {
      guard let value = Int(exactly: source) else { return nil }
      magnitude = value
    }

    /// A number of seconds.
    public static func seconds(_ s: Int) -> Self { Self(nanoseconds: s * 1_000_000_000) }
    /// A number of seconds.
    public static func seconds(_ s: Double) -> Self { Self(nanoseconds: Int(s * 1e9)) }
    /// A number of milliseconds.
    public static func milliseconds(_ ms: Int) -> Self { Self(nanoseconds: ms * 1_000_000) }
    /// A number of microseconds.
    public static func microseconds(_ us: Int) -> Self { Self(nanoseconds: us * 1_000) }
    /// A number of nanoseconds.
    public static func nanoseconds(_ ns: Int) -> Self { Self(nanoseconds: ns) }

    /// The duration in seconds.
    public var timeInterval: TimeInterval { Double(magnitude) / 1e9 }

    /// Whether `lhs` is the shorter.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.magnitude < rhs.magnitude }
    /// The sum of two durations.
    public static func + (lhs: Self, rhs: Self) -> Self {
      Self(nanoseconds: lhs.magnitude + rhs.magnitude)
    }
    /// The difference of two durations.
    public static func - (lhs: Self, rhs: Self) -> Self {
      Self(nanoseconds: lhs.magnitude - rhs.magnitude)
    }
    /// The product of two durations (as `SignedNumeric` requires).
    public static func * (lhs: Self, rhs: Self) -> Self {
      Self(nanoseconds: lhs.magnitude * rhs.magnitude)
    }
    /// Multiplies a duration.
    public static func *= (lhs: inout Self, rhs: Self) { lhs = lhs * rhs }
    /// The duration the other way.
    public static prefix func - (operand: Self) -> Self { Self(nanoseconds: -operand.magnitude) }
  }

  /// A point in a scheduler's time, in nanoseconds of the system's uptime.
  public struct SchedulerInstant: Strideable, Hashable, Sendable {
    /// Nanoseconds since the system started.
    public var nanoseconds: UInt64

    /// The instant `nanoseconds` after the system started.
    public init(nanoseconds: UInt64) { self.nanoseconds = nanoseconds }

    /// Now.
    public static var now: Self { Self(nanoseconds: DispatchTime.now().uptimeNanoseconds) }

    /// The duration from this instant to `other`.
    public func distance(to other: Self) -> SchedulerStride {
      SchedulerStride(nanoseconds: Int(Int64(bitPattern: other.nanoseconds &- nanoseconds)))
    }

    /// The instant `n` later.
    public func advanced(by n: SchedulerStride) -> Self {
      Self(nanoseconds: UInt64(max(0, Int64(nanoseconds) + Int64(n.magnitude))))
    }

    /// The instant as a `DispatchTime`.
    var dispatchTime: DispatchTime { DispatchTime(uptimeNanoseconds: nanoseconds) }
  }

  /// A closure handed to another thread: Combine's schedulers take closures that are not
  /// `Sendable`, as Combine (which predates Swift's concurrency checking) does.
  struct ScheduledAction: @unchecked Sendable {
    let run: () -> Void
  }

  extension DispatchQueue: Scheduler {
    /// A dispatch queue's time (Combine's `DispatchQueue.SchedulerTimeType`).
    public typealias SchedulerTimeType = SchedulerInstant
    /// A dispatch queue's options (Combine's `DispatchQueue.SchedulerOptions`): none used.
    public struct SchedulerOptions: Sendable {}

    /// Now, in the scheduler's time.
    public var now: SchedulerInstant { .now }
    /// No tolerance: actions run when due.
    public var minimumTolerance: SchedulerStride { .nanoseconds(0) }

    /// Runs `action` as soon as the scheduler can.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
      let action = ScheduledAction(run: action)
      async { action.run() }
    }

    /// Runs `action` at `date`.
    public func schedule(
      after date: SchedulerInstant, tolerance: SchedulerStride, options: SchedulerOptions?,
      _ action: @escaping () -> Void
    ) {
      let action = ScheduledAction(run: action)
      asyncAfter(deadline: date.dispatchTime) { action.run() }
    }
  }

  extension RunLoop: Scheduler {
    /// A run loop's time (Combine's `RunLoop.SchedulerTimeType`).
    public typealias SchedulerTimeType = SchedulerInstant
    /// A run loop's options (Combine's `RunLoop.SchedulerOptions`): none used.
    public struct SchedulerOptions: Sendable {}

    /// Now, in the scheduler's time.
    public var now: SchedulerInstant { .now }
    /// No tolerance: actions run when due.
    public var minimumTolerance: SchedulerStride { .nanoseconds(0) }

    /// Runs `action` on the run loop; the main run loop's actions on the main queue, which
    /// the main thread serves in an app and in a test process alike (a test does not spin the
    /// run loop).
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
      guard self !== RunLoop.main else { return DispatchQueue.main.schedule(action) }
      let action = ScheduledAction(run: action)
      perform { action.run() }
    }

    /// Runs `action` on the run loop at `date` (the main run loop's on the main queue), with a
    /// timer on the run loop, as Combine's does.
    public func schedule(
      after date: SchedulerInstant, tolerance: SchedulerStride, options: SchedulerOptions?,
      _ action: @escaping () -> Void
    ) {
      guard self !== RunLoop.main else { return DispatchQueue.main.schedule(after: date, action) }
      let action = ScheduledAction(run: action)
      let delay = max(0, Double(SchedulerInstant.now.distance(to: date).magnitude) / 1e9)
      add(Timer(timeInterval: delay, repeats: false) { _ in action.run() }, forMode: .default)
    }
  }

  /// A scheduler that runs every action at once, on the caller's thread (Combine's
  /// `ImmediateScheduler`).
  public struct ImmediateScheduler: Scheduler, Sendable {
    /// Its time: there is only now.
    public typealias SchedulerTimeType = SchedulerInstant
    /// No options.
    public typealias SchedulerOptions = Never

    /// The scheduler.
    public static let shared = ImmediateScheduler()

    /// Now, in the scheduler's time.
    public var now: SchedulerInstant { .now }
    /// No tolerance: actions run when due.
    public var minimumTolerance: SchedulerStride { .nanoseconds(0) }

    /// Runs `action` now, on the caller's thread.
    public func schedule(options: Never?, _ action: @escaping () -> Void) { action() }

    /// Runs `action` now, whatever the date (an immediate scheduler has no later).
    public func schedule(
      after date: SchedulerInstant, tolerance: SchedulerStride, options: Never?,
      _ action: @escaping () -> Void
    ) { action() }
  }
#endif
