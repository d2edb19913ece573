// Tests/BinaryPlistTests - placeholder until the owning issue lands its tests

import Testing
