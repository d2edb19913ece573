// Sources/BinaryPlist/DocumentSizing.swift - How many words a document's element lists may need

/// The capacity `children` is reserved with before the checking pass, so that it is allocated once
/// and never doubled: a doubling copies the full old buffer into the new one, and both are resident
/// until the copy ends.
///
/// `children` holds, per container reached, its subtree size (`SubtreeSize.words`) and one 32-bit
/// slot per element reference (dictionaries: two per entry). Containers are at most the objects,
/// and the references of distinct containers lie in distinct bytes of the object area, so the
/// bound below holds for every file whose offset-table entries point at distinct, non-overlapping
/// objects; a hostile file with aliased or overlapping containers may go past it, then the array
/// grows as any array does, within the element budget.
///
/// The reservation is address space, not memory: only the words written are ever touched, so the
/// resident cost is the final length (on `array-16x` 1.3 MB resident of a 4.1 MB reservation).
/// Counting the exact length first (a pass over the offset table reading each container's
/// count) cost 15% of the document decode on `array-16x`.
enum DocumentSizing {
    /// `SubtreeSize.words` per object plus one slot per reference the object area can hold.
    static func bound(_ layout: ObjectLayout) -> Int {
        SubtreeSize.words * layout.numObjects + layout.tableOffset / layout.refSize
    }
}
