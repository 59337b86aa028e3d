import BinderyDiff
import BinderyTesting
import Foundation
import Testing

@testable import Bindery

/// Where lists wait for a binding's diff (`ListInbox.swift`): one slot that the newest list
/// takes, a number for every list in the order it was sent — from any thread — and a close
/// after which nothing is accepted.
@Suite("A binding's inbox")
struct ListInboxTests {
  typealias Inbox = ListInbox<FlatSection, TestItem>

  func list(_ ids: Range<Int>) -> [ListSection<FlatSection, TestItem>] {
    [ListSection(FlatSection(), items: ids.map { TestItem(id: $0) })]
  }

  @Test func theNewestListWaitsAndEveryListIsNumbered() async {
    let inbox = Inbox()
    #expect(inbox.newestSequence == 0)
    #expect(inbox.submit(list(0..<1)) == 1)
    #expect(inbox.submit(list(0..<2)) == 2)
    #expect(inbox.submit(list(0..<3), animated: false) == 3)
    inbox.finish()
    var read: [Submission<FlatSection, TestItem>] = []
    for await submission in inbox.submissions { read.append(submission) }
    // One slot: the newest list replaced the two before it, which the reader never sees.
    #expect(read.map(\.sequence) == [3])
    #expect(read.first?.sections.first?.items.count == 3)
    #expect(read.first?.animated == false)
  }

  @Test func aClosedInboxRefusesLists() {
    let inbox = Inbox()
    inbox.submit(list(0..<1))
    inbox.finish()
    #expect(inbox.submit(list(0..<2)) == nil)
    #expect(inbox.newestSequence == 1, "a refused list takes no number")
  }

  @Test func aListShownPastTheInboxIsNumberedOnlyIfNoneArrivedMeanwhile() {
    let inbox = Inbox()
    inbox.submit(list(0..<1))
    #expect(inbox.claimNext(after: 1) == 2)
    #expect(inbox.claimNext(after: 1) == nil, "list 2 arrived since")
    #expect(inbox.submit(list(0..<2)) == 3)
  }

  @Test func listsSentFromManyThreadsGetEveryNumberOnce() async {
    let inbox = Inbox()
    let numbers = await withTaskGroup(of: [UInt64].self) { group in
      for _ in 0..<8 {
        group.addTask { (0..<200).compactMap { _ in inbox.submit([]) } }
      }
      var all: [UInt64] = []
      for await numbers in group { all += numbers }
      return all
    }
    #expect(numbers.sorted() == Array(1...1_600))
    #expect(inbox.newestSequence == 1_600)
  }
}
