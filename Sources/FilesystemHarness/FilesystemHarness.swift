// Sources/FilesystemHarness/FilesystemHarness.swift - Real filesystems (placeholder, see issue 8)

import CAttr
import XAttr
