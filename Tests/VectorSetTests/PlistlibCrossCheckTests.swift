// Tests/VectorSetTests/PlistlibCrossCheckTests.swift - CPython plistlib as a second, independent reader of the vectors

import Foundation
import TestSupport
import Testing

/// The expected JSON is written from the value the generator intended; plistlib (a decoder written by other people)
/// must read the same value from the bytes, so that a wrong expectation or a wrong assembler is caught without the codec.
@Suite struct PlistlibCrossCheckTests {
    static let script = #"""
        import base64, datetime, json, math, plistlib, sys
        sys.setrecursionlimit(20000)  # nesting-512 is deeper than the default limit allows
        root = sys.argv[1]
        manifest = json.load(open(root + "/manifest.json"))
        def same(expected, value):
            if isinstance(expected, list):
                return isinstance(value, list) and len(value) == len(expected) and all(map(same, expected, value))
            kind, text = expected.get("type"), expected.get("value")
            if not isinstance(text, str) or set(expected) != {"type", "value"}:
                return isinstance(value, dict) and set(value) == set(expected) and all(same(expected[k], value[k]) for k in expected)
            if kind == "null": return value is None
            if kind == "string": return isinstance(value, str) and value == text
            if kind == "integer": return type(value) is int and value == int(text)
            if kind == "bool": return type(value) is bool and value == (text == "true")
            if kind == "data": return isinstance(value, bytes) and value == base64.b64decode(text)
            if kind == "uid": return isinstance(value, plistlib.UID) and value.data == int(text)
            if kind == "null": return value is None
            if kind == "real":
                if not isinstance(value, float): return False
                if text == "nan": return math.isnan(value)
                want = float(text)
                return value == want and math.copysign(1, value) == math.copysign(1, want)
            if kind == "date":
                want = datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).replace(tzinfo=None)
                return isinstance(value, datetime.datetime) and value == want
            return False
        checked = 0
        for vector in manifest["vectors"]:
            if vector["area"] != "plist" or "expected" not in vector or vector.get("error"): continue
            expected_text = open(root + "/" + vector["expected"]).read()
            if '"type":"set"' in expected_text: continue  # plistlib has no sets
            try:
                value = plistlib.loads(open(root + "/" + vector["input"], "rb").read())
            except Exception as error:
                print(vector["id"], "plistlib rejects:", type(error).__name__); continue
            checked += 1
            if not same(json.loads(expected_text), value): print(vector["id"], "plistlib reads another value")
            if "canonical" in vector["tags"]:
                data = open(root + "/" + vector["input"], "rb").read()
                if plistlib.dumps(value, fmt=plistlib.FMT_BINARY) != data: print(vector["id"], "plistlib writes other bytes")
        print("checked", checked)
        """#

    @Test func plistlibReadsTheIntendedValueOfEveryValidVector() throws {
        let result = try HostTool.run("python3", ["-c", Self.script, VectorFiles.root.path])
        let text = result.stdoutText
        #expect(result.status == 0, "\(result.stderrText)")
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.filter { !$0.hasPrefix("checked ") } == [])
        let checked = lines.last.flatMap { Int($0.dropFirst("checked ".count)) } ?? 0
        #expect(checked >= 60, "plistlib checked only \(checked) vectors")
    }
}
