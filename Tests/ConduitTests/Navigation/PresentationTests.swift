import Foundation
import Testing

@_spi(Testing) @testable import Conduit

/// A presented feature: a counter with a long-running effect and ways to dismiss itself.
struct Sheet: Reducer {
  struct State: Hashable, Codable {
    var count = 0
  }

  enum Action: Equatable, Sendable {
    case increment
    case listen(CancellationFlag)
    case close
    case closeFromEffect
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .listen(let flag):
      // Runs until cancelled, and says so.
      return .run { _ in
        await withTaskCancellationHandler {
          await flag.waitForever()
        } onCancel: {
          flag.cancel()
        }
      }
    case .close:
      return .dismiss
    case .closeFromEffect:
      return .run { send in await send.dismiss() }
    }
  }
}

/// Records that an effect was cancelled, and lets it wait until then.
final class CancellationFlag: Sendable, Equatable {
  private let state = Locked<(isCancelled: Bool, waiter: CheckedContinuation<Void, Never>?)>(
    (false, nil))

  var isCancelled: Bool { state.withLock { $0.isCancelled } }

  func waitForever() async {
    await withCheckedContinuation { continuation in
      let resume = state.withLock { state -> Bool in
        if state.isCancelled { return true }
        state.waiter = continuation
        return false
      }
      if resume { continuation.resume() }
    }
  }

  func cancel() {
    let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
      state.isCancelled = true
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume()
  }

  static func == (lhs: CancellationFlag, rhs: CancellationFlag) -> Bool { lhs === rhs }
}

/// An ephemeral state for the tests: any of its actions dismisses it.
struct Prompt: Equatable, EphemeralState {
  var message = "Sure?"
}

struct Host: Reducer {
  struct State: Equatable {
    @Presents var sheet: Sheet.State?
    @Presents var prompt: Prompt?
    /// What the parent saw: for each action it ran, whether the sheet and prompt were present.
    var seen: [String] = []
  }

  enum Action: Equatable, Sendable {
    case sheet(PresentationAction<Sheet.Action>)
    case prompt(PresentationAction<PromptAction>)
    case present
    case show(count: Int)
    case clear
    case ask
  }

  enum PromptAction: Equatable, Sendable {
    case confirm
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      let presence =
        "sheet \(state.sheet.map { "\($0.count)" } ?? "nil"), prompt \(state.prompt == nil ? "nil" : "shown")"
      switch action {
      case .sheet(.dismiss): state.seen.append("dismiss: \(presence)")
      case .sheet(.presented(let action)): state.seen.append("\(action): \(presence)")
      case .prompt(.presented(.confirm)): state.seen.append("confirm: \(presence)")
      case .prompt(.dismiss): state.seen.append("prompt dismiss: \(presence)")
      case .present: state.sheet = Sheet.State()
      case .show(let count): state.sheet = Sheet.State(count: count)
      case .clear: state.sheet = nil
      case .ask: state.prompt = Prompt()
      }
      return .none
    }
    .ifLet(\.$sheet, action: Action.sheet) { Sheet() }
    .ifLet(\.$prompt, action: Action.prompt)
  }
}

@MainActor
@Suite struct PresentationTests {
  @Test func presentedActionsRunTheChildFirstThenTheParent() {
    let store = Store(initialState: Host.State(), reducer: Host())
    store.send(.present)
    store.send(.sheet(.presented(.increment)))
    #expect(store.state.sheet?.count == 1)
    #expect(store.state.seen == ["increment: sheet 1, prompt nil"])
  }

  @Test func dismissRunsTheParentWhilePresentedThenClearsTheState() {
    let store = Store(initialState: Host.State(), reducer: Host())
    store.send(.show(count: 4))
    store.send(.sheet(.dismiss))
    #expect(store.state.sheet == nil)
    #expect(store.state.seen == ["dismiss: sheet 4, prompt nil"])
  }

  @Test func aChildDismissesItselfFromItsReducer() {
    let store = Store(initialState: Host.State(), reducer: Host())
    store.send(.show(count: 2))
    store.send(.sheet(.presented(.close)))
    #expect(store.state.sheet == nil)
    #expect(store.state.seen == ["close: sheet 2, prompt nil", "dismiss: sheet 2, prompt nil"])
  }

  @Test func aChildDismissesItselfFromAnEffect() async {
    let store = Store(initialState: Host.State(), reducer: Host())
    store.send(.show(count: 3))
    await store.send(.sheet(.presented(.closeFromEffect))).finish()
    #expect(store.state.sheet == nil)
    #expect(store.state.seen.last == "dismiss: sheet 3, prompt nil")
  }

  @Test func dismissingCancelsTheChildsEffects() async {
    let store = Store(initialState: Host.State(), reducer: Host())
    let flag = CancellationFlag()
    store.send(.present)
    let task = store.send(.sheet(.presented(.listen(flag))))
    #expect(!flag.isCancelled)
    store.send(.sheet(.dismiss))
    await task.finish()
    #expect(flag.isCancelled)
  }

  @Test func theParentSettingTheStateToNilCancelsTheChildsEffects() async {
    let store = Store(initialState: Host.State(), reducer: Host())
    let flag = CancellationFlag()
    store.send(.present)
    let task = store.send(.sheet(.presented(.listen(flag))))
    store.send(.clear)
    await task.finish()
    #expect(flag.isCancelled)
  }

  @Test func aNewPresentationCancelsTheEffectsOfTheOldOne() async {
    let store = Store(initialState: Host.State(), reducer: Host())
    let flag = CancellationFlag()
    store.send(.present)
    let task = store.send(.sheet(.presented(.listen(flag))))
    store.send(.clear)
    store.send(.present)
    await task.finish()
    #expect(flag.isCancelled)
    #expect(store.state.sheet == Sheet.State())
  }

  @Test func anActionWhileNothingIsPresentedIsIgnoredWithAWarning() {
    let store = Store(initialState: Host.State(), reducer: Host())
    let recorded = collectingWarnings { store.send(.sheet(.presented(.increment))) }
      .map(\.message)
    #expect(recorded.count == 1)
    #expect(
      recorded.first?.contains("received a presentation action while nothing was presented") == true
    )
    #expect(store.state.sheet == nil)
  }

  @Test func anEphemeralStatesActionReachesTheParentWithTheStateAlreadyNil() {
    let store = Store(initialState: Host.State(), reducer: Host())
    store.send(.ask)
    store.send(.prompt(.presented(.confirm)))
    #expect(store.state.prompt == nil)
    #expect(store.state.seen == ["confirm: sheet nil, prompt nil"])
  }

  @Test func dismissingAnEphemeralStateClearsIt() {
    let store = Store(initialState: Host.State(), reducer: Host())
    store.send(.ask)
    store.send(.prompt(.dismiss))
    #expect(store.state.prompt == nil)
    #expect(store.state.seen == ["prompt dismiss: sheet nil, prompt shown"])
  }

  @Test func dismissOutsideAPresentationWarns() {
    let store = Store(initialState: Sheet.State(), reducer: Sheet())
    let warnings = collectingWarnings { store.send(.close) }.map(\.message)
    #expect(warnings.count == 1)
    #expect(
      warnings.first?.contains("`Effect.dismiss` outside a presentation") == true)
  }

  @Test func sendDismissOutsideAPresentationWarnsAtItsLine() async {
    let store = Store(initialState: Sheet.State(), reducer: Sheet())
    let recorded = await collectingWarnings { await store.send(.closeFromEffect).finish() }
    #expect(recorded.count == 1)
    #expect(recorded.first?.message.contains("`send.dismiss()` outside a presentation") == true)
    #expect(recorded.first?.fileID == "ConduitTests/PresentationTests.swift")
  }
}

@MainActor
@Suite struct PresentationStoreTests {
  @Test func theChildStoreExistsWhilePresentedAndWrapsItsSends() {
    let store = Store(initialState: Host.State(), reducer: Host())
    #expect(store.scope(state: \.$sheet, action: Host.Action.sheet) == nil)
    store.send(.present)
    let sheet = store.scope(state: \.$sheet, action: Host.Action.sheet)
    sheet?.send(.increment)
    #expect(sheet?.state.count == 1)
    #expect(store.state.seen == ["increment: sheet 1, prompt nil"])
  }

  @Test func theSamePresentationGivesTheSameStore() {
    let store = Store(initialState: Host.State(), reducer: Host())
    store.send(.present)
    let first = store.scope(state: \.$sheet, action: Host.Action.sheet)
    store.send(.sheet(.presented(.increment)))
    let second = store.scope(state: \.$sheet, action: Host.Action.sheet)
    #expect(first != nil)
    #expect(first === second)
  }

  @Test func presentingAgainGivesANewStore() {
    let store = Store(initialState: Host.State(), reducer: Host())
    store.send(.present)
    let first = store.scope(state: \.$sheet, action: Host.Action.sheet)
    store.send(.sheet(.dismiss))
    store.send(.present)
    let second = store.scope(state: \.$sheet, action: Host.Action.sheet)
    #expect(first != nil)
    #expect(second != nil)
    #expect(first !== second)
  }

  @Test func theGluesDismissSendsDismissWhileThePresentationLasts() {
    let store = Store(initialState: Host.State(), reducer: Host())
    store.send(.show(count: 2))
    let sheet = store.scope(state: \.$sheet, action: Host.Action.sheet)
    sheet?.core.dismissPresentation?()
    #expect(store.state.sheet == nil)
    #expect(store.state.seen == ["dismiss: sheet 2, prompt nil"])
  }

  @Test func theGluesDismissDoesNothingOnceThePresentationEnded() {
    let store = Store(initialState: Host.State(), reducer: Host())
    store.send(.ask)
    let prompt = store.scope(state: \.$prompt, action: Host.Action.prompt)
    // A button's action clears the alert before SwiftUI says it went away.
    prompt?.send(.confirm)
    let warnings = collectingWarnings { prompt?.core.dismissPresentation?() }
    #expect(warnings.isEmpty)
    #expect(store.state.seen == ["confirm: sheet nil, prompt nil"])
  }

  @Test func aDismissedChildStoreKeepsItsLastState() {
    let store = Store(initialState: Host.State(), reducer: Host())
    store.send(.show(count: 7))
    let sheet = store.scope(state: \.$sheet, action: Host.Action.sheet)
    store.send(.sheet(.dismiss))
    #expect(sheet?.state.count == 7)
    store.send(.show(count: 1))
    #expect(sheet?.state.count == 7)
  }
}

@Suite struct PresentationStateTests {
  @Test func equalityAndHashingIgnoreThePresentationsIdentity() {
    let first = PresentationState(wrappedValue: Sheet.State(count: 1))
    let second = PresentationState(wrappedValue: Sheet.State(count: 1))
    #expect(first.id != second.id)
    #expect(first == second)
    #expect(first.hashValue == second.hashValue)
    #expect(first != PresentationState(wrappedValue: Sheet.State(count: 2)))
  }

  @Test func editingInPlaceKeepsThePresentation() {
    var state = PresentationState(wrappedValue: Sheet.State())
    let id = state.id
    state.wrappedValue?.count += 1
    state.wrappedValue = Sheet.State(count: 5)
    #expect(state.id == id)
    #expect(state.wrappedValue?.count == 5)
  }

  @Test func presentingAfterNilIsANewPresentation() {
    var state = PresentationState(wrappedValue: Sheet.State())
    let id = state.id
    state.wrappedValue = nil
    #expect(state.id == nil)
    state.wrappedValue = Sheet.State()
    #expect(state.id != nil)
    #expect(state.id != id)
  }

  @Test func anotherEnumCaseIsANewPresentation() {
    enum Destination: Equatable { case first(Int), second(Int) }
    var state = PresentationState(wrappedValue: Destination.first(1))
    let id = state.id
    state.wrappedValue = .first(2)
    #expect(state.id == id)
    state.wrappedValue = .second(2)
    #expect(state.id != id)
  }

  @Test func anotherIDIsANewPresentation() {
    struct Item: Identifiable, Equatable { var id: Int; var title = "" }
    var state = PresentationState(wrappedValue: Item(id: 1))
    let id = state.id
    state.wrappedValue = Item(id: 1, title: "renamed")
    #expect(state.id == id)
    state.wrappedValue = Item(id: 2)
    #expect(state.id != id)
  }

  @Test func copiesDoNotShareEdits() {
    let original = PresentationState(wrappedValue: Sheet.State(count: 1))
    var copy = original
    copy.wrappedValue?.count = 9
    #expect(original.wrappedValue?.count == 1)
    #expect(copy.wrappedValue?.count == 9)
  }

  @Test func codableAsThePlainOptional() throws {
    struct Holder: Codable, Equatable {
      @Presents var sheet: Sheet.State?
    }
    let encoded = try JSONEncoder().encode(Holder(sheet: Sheet.State(count: 3)))
    #expect(String(decoding: encoded, as: UTF8.self) == #"{"sheet":{"count":3}}"#)
    #expect(
      try JSONDecoder().decode(Holder.self, from: encoded) == Holder(sheet: Sheet.State(count: 3)))
    let empty = try JSONEncoder().encode(Holder(sheet: nil))
    #expect(try JSONDecoder().decode(Holder.self, from: empty).sheet == nil)
  }

  @Test func presentsProjectsItsPresentationState() {
    struct Holder {
      @Presents var sheet: Sheet.State?
    }
    var holder = Holder(sheet: Sheet.State(count: 1))
    let id = holder.$sheet.id
    holder.sheet?.count += 1
    #expect(holder.$sheet.wrappedValue?.count == 2)
    #expect(holder.$sheet.id == id)
  }
}
