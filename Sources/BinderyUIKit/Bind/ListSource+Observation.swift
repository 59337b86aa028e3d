import Bindery
import Foundation

#if canImport(Observation)
  import Observation

  #if canImport(UIKit)
    import UIKit
  #else
    import HeadlessUIKit
  #endif

  @available(iOS 17, macOS 14, tvOS 17, visionOS 1, *)
  extension ListSource {
    /// The list of sections `lists` reads from `@Observable` state, read again after every
    /// change to what it read.
    ///
    /// ```swift
    /// tableView.bind(to: .observingSections { model.teams }) { tableView, indexPath, mate in … }
    /// ```
    ///
    /// `lists` runs on the main actor, inside `withObservationTracking`: the properties it
    /// reads are what the binding watches. A change to any of them schedules one new read on the
    /// main actor, after the code that made the change, so that however many mutations one
    /// turn of the main actor makes, they give one list (and one update); the list is then
    /// validated and diffed off the main actor as any list is, the newest winning. A change
    /// made on another thread is read the same way, on the main actor (`lists` never runs off
    /// it), and read again as it lands: see
    /// ``ObservationSourceTiming/rereadsAfterAChangeOffTheMainThread``, on `clock`. The binding
    /// keeps the closure (and what it captures) until it stops; capture a model that should not
    /// live as long weakly, or use `observingSections(_:_:)`.
    ///
    /// - Parameters:
    ///   - clock: The clock those rereads wait on: the continuous clock, unless a test or a
    ///     simulation runs in virtual time.
    ///   - lists: Reads the sections, on the main actor.
    @MainActor
    public static func observingSections(
      clock: any Clock<Duration> = ContinuousClock(),
      _ lists: @escaping @MainActor () -> [ListSection<Section, Item>]
    ) -> Self {
      let time = TimeSource(clock: clock)
      let read = ObservedRead(lists)
      return ListSource(
        _start: { ObservedLists.start(read: read, rereadingOn: time, feeding: $0) },
        feed: { receive, failed in
          ObservedLists.feed(
            read: read.callAsFunction, rereadingOn: time, to: receive, failed: failed)
        },
        observedRead: read)
    }

    /// Gives the binding that `current` feeds this source's read, if both read from
    /// Observation (``observingSections(clock:_:)`` or its flat forms): the binding reads its list with it from the next
    /// turn of the main actor, and from then on after every change, and shows the list if it
    /// differs. What a SwiftUI view whose source keeps its identity does with the closure of
    /// each update (its captured state — a query — may have changed). Returns whether it did;
    /// a publisher or a sequence keeps its subscription.
    @MainActor
    package func handRead(to current: ListSource) -> Bool {
      guard let new = observedRead as? ObservedRead<Section, Item>,
        let old = current.observedRead as? ObservedRead<Section, Item>
      else { return false }
      if new !== old { old.replace(with: new) }
      return true
    }

    /// The list of sections at `keyPath` of an `@Observable` model, read again after every
    /// change. The model is held weakly: once it goes away the source ends (at the next change
    /// or read), and the binding keeps showing the last list.
    @MainActor
    public static func observingSections<Model: AnyObject & Observable>(
      _ model: Model, _ keyPath: KeyPath<Model, [ListSection<Section, Item>]>
    ) -> Self {
      observingSections { [weak model] in model?[keyPath: keyPath] ?? [] }
    }
  }

  @available(iOS 17, macOS 14, tvOS 17, visionOS 1, *)
  extension ListSource where Section == FlatSection {
    /// The array `items` reads from `@Observable` state, as one section, read again after every
    /// change to what it read; see ``observingSections(clock:_:)``, which this reads with.
    ///
    /// ```swift
    /// tableView.bind(to: .observing { model.mates }) { tableView, indexPath, mate in … }
    /// ```
    ///
    /// - Parameters:
    ///   - clock: The clock the rereads of a change made on another thread wait on: the
    ///     continuous clock, unless a test or a simulation runs in virtual time.
    ///   - items: Reads the items, on the main actor: an array, or any collection of them.
    @MainActor
    public static func observing<Items: Collection<Item>>(
      clock: any Clock<Duration> = ContinuousClock(), _ items: @escaping @MainActor () -> Items
    ) -> Self {
      // Generic over the closure's result, so that the item type comes from the closure
      // alone: with `() -> [Item]`, a typo in the cell provider was reported as "cannot
      // convert value of type '[Mate]' to closure result type '[Item]'"
      // (Tests/Diagnostics/TypoWithObservation.swift).
      return observingSections(clock: clock) { [ListSection(FlatSection(), items: Array(items()))] }
    }

    /// The array at `keyPath` of an `@Observable` model, as one section; the model is held
    /// weakly, and the source ends once it goes away.
    @MainActor
    public static func observing<Model: AnyObject & Observable>(
      _ model: Model, _ keyPath: KeyPath<Model, [Item]>
    ) -> Self {
      observingSections { [weak model] in
        [ListSection(FlatSection(), items: model?[keyPath: keyPath] ?? [])]
      }
    }
  }

  /// When a list read from Observation is shown.
  ///
  /// A change to what the source read schedules one read on the main actor, to run after the
  /// code that made the change (every change of that turn is in it). That read's list is shown
  /// **at once** — diffed on the main actor and applied in the same job, before the main actor
  /// runs anything queued after it, so before the frame is drawn — when all of these hold:
  ///
  /// - the binding has shown its first list (the first is always a reload, from the worker);
  /// - the list on screen and the new one each have at most ``immediateItemLimit`` items;
  /// - the view is in a window and has finished the last update (UIKit's completion), no other
  ///   list is waiting or being diffed, nothing holds lists for late content, and the user is
  ///   not moving a row.
  ///
  /// Otherwise the list goes the way every list goes: validated and diffed off the main actor,
  /// the newest winning, and shown when the view is ready — typically a frame or two later.
  public enum ObservationSourceTiming {
    /// The most items a list read from Observation may have (on screen, and new) to be shown
    /// at once: 10,000, which this machine validates and diffs in about half a millisecond.
    public static let immediateItemLimit = 10_000

    /// When a change made on another thread is read again: 1 ms, 10 ms, 100 ms and 1 s after
    /// the read it scheduled.
    ///
    /// Observation tells of a change as it begins (`willSet`). A change made on the main actor
    /// has landed by the time its read runs; one made on another thread may land after it,
    /// and the tracking that read started hears only the changes that begin after it. So a
    /// change from another thread is read again at these delays, and shown if the list
    /// differs: at worst a second late, where a change on the main actor is shown in the next
    /// job. Keep the models a list is read from on the main actor (`@MainActor`) to have every
    /// change shown at once.
    public static let rereadsAfterAChangeOffTheMainThread: [Duration] = [
      .milliseconds(1), .milliseconds(10), .milliseconds(100), .seconds(1),
    ]
  }

  /// Why a source read from Observation cannot follow its state.
  public enum ObservationSourceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The closure read no property of an `@Observable` object (it read plain values, or
    /// state through something Observation does not track): nothing would ever tell the
    /// binding of a change, so the list it gave is shown and the source ends.
    case readsNothingObservable

    /// What went wrong, in a sentence.
    public var description: String {
      switch self {
      case .readsNothingObservable:
        "the source's closure read nothing observable: its list is shown once and never again; "
          + "read the @Observable model's properties inside it"
      }
    }
  }

  /// Marks the main queue (the main actor's executor) so that code can tell whether it runs on
  /// it, where the main actor may run on a thread that is not the process's first (Linux's
  /// test runners).
  private let mainQueueMark: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  /// Whether the caller runs on the main actor's queue: on UIKit, whether it is the main thread.
  func isOnTheMainQueue() -> Bool {
    Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueMark) == true
  }

  /// What one tracked read watches, told when its registration ends: by a change
  /// (``fire()``), or, released unfired, because every object it watched went away (a
  /// registrar keeps its observers' closures, and a freed registrar frees them).
  final class Watch: Sendable {
    private let fired = Locked(false)
    private let gone: @Sendable () -> Void

    init(whenGone gone: @escaping @Sendable () -> Void) { self.gone = gone }

    func fire() { fired.withLock { $0 = true } }

    deinit { if !fired.withLock({ $0 }) { gone() } }
  }

  /// Whether a read's `onChange` was ever made: `withObservationTracking` makes it only when the
  /// read accessed something observable.
  final class WatchProbe: Sendable {
    private let made = Locked(false)
    var wasMade: Bool { made.withLock { $0 } }

    /// The `onChange` of one read: tells `watch` of the change, then `changed`.
    func onChange(
      whenGone gone: @escaping @Sendable () -> Void, changed: @escaping @Sendable () -> Void
    ) -> @Sendable () -> Void {
      made.withLock { $0 = true }
      let watch = Watch(whenGone: gone)
      return {
        watch.fire()
        changed()
      }
    }
  }

  /// Reads `read` inside `withObservationTracking`; `changed` is called (on the thread that
  /// changes what it read, before the change) at its next change, `gone` if what it read goes
  /// away first. Returns the list, and whether anything observable was read.
  @available(iOS 17, macOS 14, tvOS 17, visionOS 1, *)
  @MainActor
  func trackedRead<Lists>(
    _ read: @MainActor () -> Lists, whenGone gone: @escaping @Sendable () -> Void,
    changed: @escaping @Sendable () -> Void
  ) -> (lists: Lists, watches: Bool) {
    let probe = WatchProbe()
    let lists = withObservationTracking(
      read, onChange: probe.onChange(whenGone: gone, changed: changed))
    return (lists, probe.wasMade)
  }

  /// The closure an `.observing` source reads its list with, which a later one can replace:
  /// the readers it feeds read again with the new closure.
  @available(iOS 17, macOS 14, tvOS 17, visionOS 1, *)
  @MainActor
  final class ObservedRead<Section, Item>
  where
    Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    private var read: @MainActor () -> [ListSection<Section, Item>]
    /// What reads again for each reader this read feeds (weakly: a stopped binding's reader
    /// goes away).
    private var readersReadingAgain: [@MainActor () -> Void] = []

    init(_ read: @escaping @MainActor () -> [ListSection<Section, Item>]) { self.read = read }

    func callAsFunction() -> [ListSection<Section, Item>] { read() }

    /// Feeds a reader, which reads again with `readAgain` when the closure is replaced.
    func add(readingAgain readAgain: @escaping @MainActor () -> Void) {
      readersReadingAgain.append(readAgain)
    }

    /// Reads with `other`'s closure from now on, and has every reader read again.
    func replace(with other: ObservedRead) {
      read = other.read
      for readAgain in readersReadingAgain { readAgain() }
    }
  }

  /// Reads a list inside `withObservationTracking` and hands it on; when what it read changes,
  /// reads again on the main actor. Tracking is one-shot — a change ends it and the next read
  /// starts it again — so the changes one turn makes give one read. One reader serves a
  /// binding (``start(read:rereadingOn:feeding:)``) and an outline's expansion (``feed(read:rereadingOn:to:failed:)``).
  @available(iOS 17, macOS 14, tvOS 17, visionOS 1, *)
  @MainActor
  final class ObservedLists<Section, Item>
  where
    Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    private let read: @MainActor () -> [ListSection<Section, Item>]
    /// Whether anyone still wants lists: once not (the binding stopped), nothing is read, which
    /// ends the tracking — no read registers it again.
    private let isWanted: @MainActor () -> Bool
    /// Takes each list, and whether its read watched anything.
    private let deliver: @MainActor ([ListSection<Section, Item>], _ watches: Bool) -> Void
    /// Everything the last read watched went away (a model held weakly): no change can come.
    private let gone: @Sendable () -> Void
    /// The time the rereads after a change made on another thread wait on.
    private let time: TimeSource

    private init(
      read: @escaping @MainActor () -> [ListSection<Section, Item>],
      time: TimeSource,
      isWanted: @escaping @MainActor () -> Bool,
      deliver: @escaping @MainActor ([ListSection<Section, Item>], _ watches: Bool) -> Void,
      gone: @escaping @Sendable () -> Void
    ) {
      self.read = read
      self.time = time
      self.isWanted = isWanted
      self.deliver = deliver
      self.gone = gone
    }

    /// Feeds `binding`, which keeps the reader: a small list is shown at once, any other
    /// submitted; a read that watched nothing ends the source with a typed problem.
    static func start(
      read: ObservedRead<Section, Item>,
      rereadingOn time: TimeSource, feeding binding: ListBinding<Section, Item>
    ) {
      let inbox = binding.inbox
      let reader = ObservedLists(
        read: read.callAsFunction, time: time,
        isWanted: { [weak binding] in binding.map { !$0.isCancelled } ?? false },
        deliver: { [weak binding] lists, watches in
          guard let binding else { return }
          if !binding.showAtOnce(lists, maximumItems: ObservationSourceTiming.immediateItemLimit) {
            binding.submit(lists)
          }
          if !watches {
            binding.sourceFailed(ObservationSourceError.readsNothingObservable)
            inbox.finish()
          }
        },
        gone: { inbox.finish() })
      binding.retain(reader)
      read.add(readingAgain: { [weak reader] in reader?.readAgainWithANewClosure() })
      reader.refresh()
    }

    /// Sends every list `read` gives to `receive`, again after each change, for as long as the
    /// returned stop has not been called; a read that watched nothing is told to `failed`.
    static func feed(
      read: @escaping @MainActor () -> [ListSection<Section, Item>], rereadingOn time: TimeSource,
      to receive: @escaping @Sendable ([ListSection<Section, Item>]) -> Void,
      failed: @escaping @MainActor @Sendable (any Error) -> Void
    ) -> @Sendable () -> Void {
      let isStopped = Locked(false)
      let reader = ObservedLists(
        read: read, time: time, isWanted: { !isStopped.withLock { $0 } },
        deliver: { lists, watches in
          receive(lists)
          if !watches { failed(ObservationSourceError.readsNothingObservable) }
        },
        // An outline goes on when its source ends: taps still expand what it sent.
        gone: {})
      reader.refresh()
      // The stop keeps the reader: it lives as long as its outline's binding.
      return {
        isStopped.withLock { $0 = true }
        withExtendedLifetime(reader) {}
      }
    }

    /// The list last handed on, to tell whether a read after a late landing found a change.
    private var lastDelivered: [ListSection<Section, Item>]?
    /// Counts the reads that start a tracking: only the newest one's change reads again (a
    /// tracking cannot be cancelled, and one started before the closure was replaced stays
    /// registered until its next change).
    private var trackingGeneration: UInt64 = 0
    private var isReadAgainScheduled = false

    /// The closure was replaced: reads with it on the next turn of the main actor (the caller
    /// may be in the middle of SwiftUI's update), tracking what it reads from then on, and
    /// hands on the list if it differs from the last one.
    func readAgainWithANewClosure() {
      guard !isReadAgainScheduled else { return }
      isReadAgainScheduled = true
      Task { @MainActor [weak self] in
        self?.isReadAgainScheduled = false
        self?.refresh(deliveringOnlyAChange: true)
      }
    }

    /// Reads the list, watching what it reads, and delivers it (only if it differs from the
    /// last one, with `deliveringOnlyAChange`); nothing once it is not wanted.
    private func refresh(deliveringOnlyAChange: Bool = false) {
      guard isWanted() else { return }
      trackingGeneration &+= 1
      let generation = trackingGeneration
      let (lists, watches) = trackedRead(
        read, whenGone: gone,
        // On the thread that makes the change, before it is made (`willSet`): read on the
        // main actor, after the code that made it, so one turn's changes give one read. A
        // change made on another thread may land after that read, and after the tracking it
        // starts, which would then never hear of it: it is read again as it lands.
        changed: { [weak self] in
          let madeOffTheMainThread = !isOnTheMainQueue()
          Task { @MainActor [weak self] in
            guard let self, self.trackingGeneration == generation else { return }
            self.refresh()
            if madeOffTheMainThread { self.readAgainAsALateChangeLands() }
          }
        })
      if deliveringOnlyAChange, watches, lists == lastDelivered { return }
      lastDelivered = lists
      deliver(lists, watches)
    }

    /// Reads the list again, without starting a new tracking (the one `refresh` started still
    /// watches), at each of ``ObservationSourceTiming/rereadsAfterAChangeOffTheMainThread``;
    /// hands on a list that differs from the last one.
    private func readAgainAsALateChangeLands() {
      let scheduled = time.elapsed()
      Task { @MainActor [weak self, time] in
        for delay in ObservationSourceTiming.rereadsAfterAChangeOffTheMainThread {
          // Deadlines from the read the change scheduled, so a late wake-up does not push
          // the next reread later still.
          try? await time.sleepUntil(scheduled + delay)
          guard let self, self.isWanted() else { return }
          let lists = self.read()
          if lists != self.lastDelivered {
            self.lastDelivered = lists
            self.deliver(lists, true)
          }
        }
      }
    }
  }
#endif
