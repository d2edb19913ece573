// Sources/FilesystemHarness/SurvivalOperations.swift - The everyday operations an attribute must survive

/// One file operation, as a shell script over `$WORK` (folder of the source), `$SRC` (`$WORK/doc`, the
/// file carrying the attribute) and `$OUT` (an empty folder where the result lands as `$OUT/doc`).
public struct SurvivalOperation: Hashable, Sendable {
    public var id: String
    public var description: String
    /// The script; `nil` for `attr_copy_file`, which runs in this process.
    public var script: String?
    /// Whether `$OUT` is on another filesystem than `$WORK`.
    public var crossesFilesystems: Bool
    /// Where the result is: `$OUT/doc`, or `$SRC` for operations that replace the file in place.
    public var resultIsSource: Bool

    init(_ id: String, _ description: String, _ script: String?, cross: Bool = false, inPlace: Bool = false) {
        self.id = id
        self.description = description
        self.script = script
        self.crossesFilesystems = cross
        self.resultIsSource = inPlace
    }

    /// The `attr_copy_file` row's id.
    public static let attrCopyFile = "attr_copy_file"

    private static let tarCreate = #"tar -cf "$WORK/a.tar" -C "$WORK" doc"#
    private static let tarCreateX = #"tar --xattrs -cf "$WORK/a.tar" -C "$WORK" doc"#
    private static let tarExtract = #"tar -xf "$WORK/a.tar" -C "$OUT""#
    private static let tarExtractX = #"tar --xattrs -xf "$WORK/a.tar" -C "$OUT""#

    /// Every operation on one filesystem (and `mv` to another), in report order.
    public static let all: [SurvivalOperation] = [
        SurvivalOperation("rename", "rename within the filesystem", #"mv "$SRC" "$OUT/doc""#),
        SurvivalOperation("hard-link", "hard link, then unlink the original", #"ln "$SRC" "$OUT/doc" && rm "$SRC""#),
        SurvivalOperation("cp", "cp", #"cp "$SRC" "$OUT/doc""#),
        SurvivalOperation("cp-a", "cp -a", #"cp -a "$SRC" "$OUT/doc""#),
        SurvivalOperation("cp-preserve-xattr", "cp --preserve=xattr", #"cp --preserve=xattr "$SRC" "$OUT/doc""#),
        SurvivalOperation("mv-cross-fs", "mv to another filesystem", #"mv "$SRC" "$OUT/doc""#, cross: true),
        SurvivalOperation("tar-xattrs-xattrs", "GNU tar --xattrs c, --xattrs x", tarCreateX + " && " + tarExtractX),
        SurvivalOperation("tar-xattrs-plain", "GNU tar --xattrs c, plain x", tarCreateX + " && " + tarExtract),
        SurvivalOperation("tar-plain-xattrs", "GNU tar plain c, --xattrs x", tarCreate + " && " + tarExtractX),
        SurvivalOperation("tar-plain-plain", "GNU tar plain c, plain x", tarCreate + " && " + tarExtract),
        SurvivalOperation(
            "bsdtar", "bsdtar c, bsdtar x (defaults)",
            #"bsdtar -cf "$WORK/a.tar" -C "$WORK" doc && bsdtar -xf "$WORK/a.tar" -C "$OUT""#),
        SurvivalOperation("rsync-a", "rsync -a", #"rsync -a "$SRC" "$OUT/doc""#),
        SurvivalOperation("rsync-aX", "rsync -aX", #"rsync -aX "$SRC" "$OUT/doc""#),
        SurvivalOperation(
            "zip-unzip", "zip, then unzip", #"cd "$WORK" && zip -q a.zip doc && unzip -q a.zip -d "$OUT""#),
        SurvivalOperation(
            "save-temp-rename", "save: write a temp file, rename it over the original",
            #"printf 'saved\n' > "$WORK/.doc.tmp" && mv "$WORK/.doc.tmp" "$SRC""#, inPlace: true),
        SurvivalOperation(
            "save-copy-attributes-rename",
            "save: temp file, cp --attributes-only --preserve=xattr onto it, rename over the original",
            #"printf 'saved\n' > "$WORK/.doc.tmp" && cp --attributes-only --preserve=xattr "$SRC" "$WORK/.doc.tmp" "#
                + #"&& mv "$WORK/.doc.tmp" "$SRC""#, inPlace: true),
        SurvivalOperation(attrCopyFile, "cp (data), then libattr attr_copy_file", #"cp "$SRC" "$OUT/doc""#),
    ]

    /// The tools tried when the destination filesystem is too small for the value (or has no xattrs).
    public static let ontoSmaller: [SurvivalOperation] = [
        SurvivalOperation("cp-a", "cp -a", #"cp -a "$SRC" "$OUT/doc""#, cross: true),
        SurvivalOperation(
            "cp-preserve-xattr", "cp --preserve=xattr", #"cp --preserve=xattr "$SRC" "$OUT/doc""#, cross: true),
        SurvivalOperation("mv", "mv", #"mv "$SRC" "$OUT/doc""#, cross: true),
        SurvivalOperation("rsync-aX", "rsync -aX", #"rsync -aX "$SRC" "$OUT/doc""#, cross: true),
        SurvivalOperation(
            "tar-xattrs-xattrs", "GNU tar --xattrs c, --xattrs x", tarCreateX + " && " + tarExtractX, cross: true),
        SurvivalOperation(
            "bsdtar", "bsdtar c, bsdtar x",
            #"bsdtar -cf "$WORK/a.tar" -C "$WORK" doc && bsdtar -xf "$WORK/a.tar" -C "$OUT""#, cross: true),
        SurvivalOperation(attrCopyFile, "cp (data), then attr_copy_file", #"cp "$SRC" "$OUT/doc""#, cross: true),
    ]
}
