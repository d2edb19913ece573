// Sources/Reporting/Reporting.swift - Report renderers (placeholder, see issue 5)

import Conformance
