// Sources/Icons/EntryNotes.swift - Where the selectors put their per-entry notes, when anyone reads them

/// The notes of one selection: kept for `explain`, skipped (their text never built) for `select`,
/// which only returns the outcome. The outcome never depends on the notes.
struct EntryNotes {
    /// Whether notes are kept.
    let isRecording: Bool
    /// The notes kept so far, in order.
    private(set) var list: [EntryNote] = []

    init(recording: Bool) {
        isRecording = recording
    }

    /// Adds a note about entry `index`; `reason` is evaluated only when notes are kept.
    mutating func add(_ index: Int, taken: Bool, _ reason: @autoclosure () -> String) {
        guard isRecording else { return }
        list.append(EntryNote(index: index, taken: taken, reason: reason()))
    }
}
