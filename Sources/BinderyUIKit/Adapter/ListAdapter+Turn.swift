import Bindery

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

/// What the adapter has left to do when the main actor's turn ends, noted as the turn goes:
/// one job runs it, once however many things asked, and calls the parts in one order.
struct TurnWork: OptionSet {
  let rawValue: UInt8

  /// The place a correction kept in the turn that ended is no longer this turn's.
  static let forgetTurnAnchor = TurnWork(rawValue: 1 << 0)
  /// Cells asked to change while UIKit was asking for cells (or the user held a row).
  static let deferredReconfigures = TurnWork(rawValue: 1 << 1)
  /// A chat's first rows were laid out on screen: its end is pinned again.
  static let endPin = TurnWork(rawValue: 1 << 2)
  /// The rows' heights changed under the reader (the text size): the place is kept over them.
  static let remeasured = TurnWork(rawValue: 1 << 3)
  /// An animated scroll of the app's landed: what it asked for is made over the measured rows.
  static let settleScroll = TurnWork(rawValue: 1 << 4)
  /// The view moved or changed shape: kept heights measured, those who follow the scroll told.
  static let scroll = TurnWork(rawValue: 1 << 5)
  /// Rows got new cells while VoiceOver's cursor was on one: it goes back to its item's cell.
  static let voiceOverFocus = TurnWork(rawValue: 1 << 6)
  /// The binding's other parts have work of their own (``ListBinding/endOfTurn()``): cells
  /// that left, prefetching, pages.
  static let parts = TurnWork(rawValue: 1 << 7)
}

extension ListAdapter {
  /// Notes `work` for the end of this main-actor turn; the first note of a turn schedules the
  /// turn's one job. Work noted while the job runs is the next turn's.
  func schedule(_ work: TurnWork) {
    let isScheduled = !turnWork.isEmpty
    turnWork.formUnion(work)
    guard !isScheduled else { return }
    // The binding's parts wait for this job: should the adapter go first, they still run.
    Task { [weak self, weak binding] in
      guard let self else { return binding?.endOfTurn() ?? () }
      self.runTurnWork()
    }
  }

  /// The turn's job. The order is the screen's: what the ended turn kept is let go first; then
  /// cells are changed as they waited to be; then a chat's end is pinned over those cells, the
  /// reader's place kept over rows measured again, and an animated scroll that landed settled;
  /// VoiceOver's cursor put back on the cell its item has now; then, with the rows where this
  /// frame draws them, heights are measured and the scroll's followers (late content, page
  /// loaders) read the rows on screen; and last the binding's other parts do their share
  /// (cells that left, prefetching, pages), what they asked for in this job included.
  private func runTurnWork() {
    let work = turnWork
    turnWork = []
    if work.contains(.forgetTurnAnchor) { keptPlace.turnAnchor = nil }
    if work.contains(.deferredReconfigures) { reconfigureDeferred() }
    if work.contains(.endPin) { pinEndIfLaidOut() }
    if work.contains(.remeasured) { keepPlaceOverRemeasuredRows() }
    if work.contains(.settleScroll) { settleScroll() }
    if work.contains(.voiceOverFocus) { keepVoiceOverFocus() }
    if work.contains(.scroll) { doScrollWork() }
    if work.contains(.parts) || turnWork.contains(.parts) {
      turnWork.remove(.parts)
      binding?.endOfTurn()
    }
  }

  /// Keeps the place the reader had before the rows were measured again, once the view has
  /// measured them (a layout now, if UIKit has not made it yet).
  private func keepPlaceOverRemeasuredRows() {
    guard let mark = keptPlace.remeasureMark else { return }
    keptPlace.remeasureMark = nil
    guard isLive, isInWindow, let scrollView else { return }
    scrollView.layoutIfNeeded()
    keepPlace(mark)
  }
}
