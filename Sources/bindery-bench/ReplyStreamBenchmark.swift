import Bindery
import BinderyUIKit
import Foundation
import HeadlessUIKit

/// The second half of `bindery-bench stream`: an assistant's reply streamed into a chat, a token
/// every 50 ms for a second, sent the obvious way — a new list of value messages per token — to
/// a self-sizing table at its end with `.anchor(.end)`, whose animations run in real time (a
/// device's 0.3 s per batch). It counts the texts that reached the reply's cell within the
/// second, how long after the last send the last text showed, how far the chat ended from its
/// end, and Bindery's main-actor time per list shown.
@MainActor
struct ReplyStreamBenchmark {
  struct Message: Identifiable, Equatable, Sendable {
    var id: Int
    var tokens: Int
  }

  /// A message's height: 44 points and a line of 20 more every 4 tokens, as wrapped text grows.
  final class MessageCell: UITableViewCell {
    var fittingHeight: CGFloat = 44
    override func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
      CGSize(width: targetSize.width, height: fittingHeight)
    }
  }

  static let tokens = 20
  static let interval = Duration.milliseconds(50)
  static let history = 30

  struct Result {
    var name: String
    var textsInTheSecond: Int
    var lastTextAfterLastSend: Double?
    var shortOfTheEnd: CGFloat
    var mainActorPerList: Double
    var listsShown: Int
    var violations: Int
  }

  func run() async -> [Result] {
    [await measure(animated: true), await measure(animated: false)]
  }

  func measure(animated: Bool) async -> Result {
    let table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    table.register(MessageCell.self, forCellReuseIdentifier: "message")
    table.rowHeight = UITableView.automaticDimension
    table.estimatedRowHeight = 60
    UIWindow.show(table)
    table.window?.animationClock.mode = .realTime
    let reply = Self.history
    let clock = ContinuousClock()
    var shownAt: [Int: ContinuousClock.Instant] = [:]  // token count → when its text showed
    let bound = table.bind(to: .sequence(AsyncStream<[Message]> { _ in })) {
      tableView, indexPath, message in
      let cell = tableView.dequeueReusableCell(withIdentifier: "message", for: indexPath)
      cell.textLabel?.text = "\(message.id): \(message.tokens) tokens"
      (cell as? MessageCell)?.fittingHeight = 44 + CGFloat(message.tokens / 4) * 20
      if message.id == reply, shownAt[message.tokens] == nil { shownAt[message.tokens] = clock.now }
      return cell
    }
    .anchor(.end)
    let binding = animated ? bound : bound.animation(.none)
    var messages = (0..<Self.history).map { Message(id: $0, tokens: 40) }
    _ = await binding.apply(items: messages, animatingDifferences: false)
    var times: [Duration] = []
    binding.onShow { [weak binding] in
      if let time = binding?.statistics.lastApplyTime { times.append(time) }
    }
    messages.append(Message(id: reply, tokens: 0))
    _ = await binding.apply(items: messages)
    let start = clock.now
    var lastSend = start
    for token in 1...Self.tokens {
      try? await Task.sleep(until: start + Self.interval * (token - 1), clock: clock)
      messages[reply].tokens = token
      lastSend = clock.now
      binding.submit(items: messages)
    }
    let second = start + .seconds(1)
    try? await Task.sleep(until: second, clock: clock)
    let inTheSecond = shownAt.filter { $0.key > 0 && $0.value <= second }.count
    _ = await binding.waitUntilShown()
    table.window?.animationClock.finishAnimations()
    try? await Task.sleep(for: .milliseconds(20))  // the completions' turn
    table.layoutIfNeeded()
    let end = table.contentSize.height + table.adjustedContentInset.bottom - table.bounds.height
    let lastText = shownAt[Self.tokens].map { milliseconds($0 - lastSend) }
    let perList =
      times.isEmpty ? 0 : milliseconds(times.reduce(.zero, +)) * 1e3 / Double(times.count)
    binding.cancel()
    return Result(
      name: animated ? "value messages, animated" : "value messages, .animation(.none)",
      textsInTheSecond: inTheSecond, lastTextAfterLastSend: lastText,
      shortOfTheEnd: max(0, end - table.contentOffset.y), mainActorPerList: perList,
      listsShown: times.count, violations: table.violations.count)
  }
}
