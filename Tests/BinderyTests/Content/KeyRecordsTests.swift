import BinderyTesting
import Testing

@testable import Bindery

/// The store's one record per key: records that say nothing are dropped, the counts of keys
/// wanted and retries scheduled follow every change, and due retries come out in the order they
/// were scheduled.
@Suite("A store's records of its keys")
struct KeyRecordsTests {
  let failure = FailureRecord(
    error: .timedOut(.seconds(1)), attempts: 1, retryTime: .seconds(2), priority: .visible)

  @Test func aRecordThatSaysNothingIsDropped() {
    var records = KeyRecords<Int>()
    records.update(1) { $0._interest += 1 }
    #expect(records._records.count == 1 && records._interestedCount == 1)
    records.update(1) { $0._interest -= 1 }
    #expect(records._records.isEmpty && records._interestedCount == 0)
    // A failure kept for a key nobody wants keeps its record; forgetting it drops the record.
    records.update(2) { $0._phase = .failed(failure, retry: nil) }
    #expect(records._records.count == 1 && records._interestedCount == 0)
    records.update(2) { $0._phase = .idle }
    #expect(records._records.isEmpty)
    // Looking at a key the table does not track changes nothing.
    #expect(records[3].isEmpty && records.interest(in: 3) == 0)
    records.update(3) { _ in }
    #expect(records._records.isEmpty)
    records._checkInvariants()
  }

  @Test func theCountsFollowEveryChange() {
    var records = KeyRecords<Int>()
    for key in 0..<10 {
      records.update(key) { record in
        record._interest = 2
        record._phase = .failed(failure, retry: RetryDue(time: .seconds(key), order: UInt64(key)))
      }
    }
    #expect(records._interestedCount == 10 && records._scheduledRetryCount == 10)
    // A retry that starts loading is no longer scheduled; the key is still wanted.
    records.update(4) { $0._phase = .loading(retrying: $0.failure) }
    #expect(records._scheduledRetryCount == 9 && records._interestedCount == 10)
    #expect(records[4].failure?._attempts == 1, "the failure retried stays for its count")
    records.update(5) { record in
      record._interest = 0
      record._phase = .failed(failure, retry: nil)
    }
    #expect(records._scheduledRetryCount == 8 && records._interestedCount == 9)
    records._checkInvariants()
  }

  @Test func dueRetriesComeInTheOrderTheyWereScheduled() {
    var records = KeyRecords<Int>()
    #expect(records.retries(dueBy: .seconds(100)).isEmpty && records.earliestRetry == nil)
    // Scheduled in the order 30, 10, 20, all due at once; 40 is due later.
    for (order, key) in [30, 10, 20, 40].enumerated() {
      let time: Duration = key == 40 ? .seconds(9) : .seconds(1)
      records.update(key) { record in
        record._interest = 1
        record._phase = .failed(failure, retry: RetryDue(time: time, order: UInt64(order)))
      }
    }
    #expect(records.retries(dueBy: .seconds(5)).map(\.key) == [30, 10, 20])
    #expect(records.earliestRetry == .seconds(1))
    #expect(records.retries(dueBy: .seconds(9)).map(\.key) == [30, 10, 20, 40])
  }
}
