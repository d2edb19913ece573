#!/usr/bin/env python3
# Sources/BuiltInPeers/plistlib/xds_adapter_plistlib.py - CPython plistlib behind the xds adapter protocol
"""CPython's plistlib as an x-document-source implementation (the adapter protocol of Docs/conformance.md).

    python3 xds_adapter_plistlib.py decode                < bplist       -> tagged JSON
    python3 xds_adapter_plistlib.py encode                < tagged JSON  -> bplist
    python3 xds_adapter_plistlib.py read-attribute PATH                  -> JSON object of fields
    python3 xds_adapter_plistlib.py write-attribute PATH  < JSON fields
    python3 xds_adapter_plistlib.py capabilities | version
    python3 xds_adapter_plistlib.py serve                 < frames       -> frames (the persistent mode)

Exit 0 accepted, 1 rejected, 64 usage error, 70 the adapter itself failed (never 1, which would
read as a correct rejection). Standard library only.

How plistlib's answers are mapped (the policy of Docs/conformance.md, "Exceptions, stack overflow, out
of memory"): only plistlib's documented refusals are rejections (exit 1): InvalidFileException from
loads (and expat's ExpatError for XML, read-attribute), TypeError and OverflowError from dumps. Any other exception
escaping plistlib is a crash (exit 70) marked by a `policy: undocumented-exception TYPE` line on stderr;
RecursionError (CPython's stack guard) is a crash marked `policy: recursion-limit`; MemoryError is a crash.
An accepted value tagged JSON cannot carry (a non-string key, a value containing itself) prints
{"type":"unrepresentable",...}; one of more than 1,000,000 nodes {"type":"too-large",...}: both exit 0.
"""

import base64
import datetime
import json
import math
import os
import plistlib
import sys
import xml.parsers.expat

ATTRIBUTE = "user.x-document-source"
FIELDS = ("identifier", "name", "path", "appInfoURL")
EPOCH = datetime.datetime(2001, 1, 1, tzinfo=datetime.timezone.utc)


class deeper_recursion:
    """Raises the recursion limit for the adapter's own conversions only, so that plistlib itself runs
    with CPython's default limit (its RecursionError on deep nesting is part of its behaviour)."""

    def __enter__(self):
        self.saved = sys.getrecursionlimit()
        sys.setrecursionlimit(max(self.saved, 20000))

    def __exit__(self, *exc):
        sys.setrecursionlimit(self.saved)
        return False


class Rejected(Exception):
    """The input is refused: exit 1."""


class LibraryCrashed(Exception):
    """plistlib failed in a way it does not document as refusing input: exit 70, with the policy line."""

    def __init__(self, marker, error):
        Exception.__init__(self, "%s: %s" % (type(error).__name__, error))
        self.marker = marker


def library_call(call, documented):
    """`call()`, with plistlib's exceptions mapped by the policy: `documented` ones are rejections."""
    try:
        return call()
    except MemoryError:
        raise
    except documented as error:
        raise Rejected("%s: %s" % (type(error).__name__, error))
    except RecursionError as error:
        raise LibraryCrashed("recursion-limit", error)
    except Exception as error:  # noqa: BLE001 - the policy: not a documented refusal, so a crash
        raise LibraryCrashed("undocumented-exception %s" % type(error).__name__, error)


def leaf(kind, value):
    return {"type": kind, "value": value}


def real_text(number):
    if math.isnan(number):
        return "nan"
    if math.isinf(number):
        return "inf" if number > 0 else "-inf"
    if number == 0.0:
        return "-0.0" if math.copysign(1.0, number) < 0 else "0.0"
    return repr(number)


def date_text(moment):
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=datetime.timezone.utc)
    moment = moment.astimezone(datetime.timezone.utc)
    text = moment.strftime("%Y-%m-%dT%H:%M:%S")
    if moment.microsecond:
        text += ("%.6f" % (moment.microsecond / 1e6))[1:].rstrip("0")
    return text + "Z"


class Cycle(Exception):
    """plistlib returned a value that contains itself (it accepted a reference cycle)."""


class Unrepresentable(Exception):
    """plistlib returned a value tagged JSON cannot carry (a dictionary key that is not a string)."""


class TooLarge(Exception):
    """The value has more nodes than the adapter prints (shared references expanded)."""

    def __init__(self, nodes):
        Exception.__init__(self, nodes)
        self.nodes = nodes


NODE_LIMIT = 1000000


class NodeBudget:
    """Counts printed nodes; raises TooLarge past NODE_LIMIT."""

    def __init__(self):
        self.count = 0

    def take(self):
        self.count += 1
        if self.count > NODE_LIMIT:
            raise TooLarge(self.count)


def to_tagged(value, budget, open_containers=None):
    """plistlib's Python value -> tagged JSON (Docs/vectors.md, "Tagged JSON")."""
    budget.take()
    if open_containers is None:
        open_containers = set()
    if isinstance(value, (list, tuple, dict, set, frozenset)):
        if id(value) in open_containers:
            raise Cycle()
        open_containers.add(id(value))
        try:
            return to_tagged_container(value, budget, open_containers)
        finally:
            open_containers.discard(id(value))
    if isinstance(value, bool):
        return leaf("bool", "true" if value else "false")
    if isinstance(value, plistlib.UID):
        return leaf("uid", str(value.data))
    if isinstance(value, int):
        return leaf("integer", str(value))
    if isinstance(value, float):
        return leaf("real", real_text(value))
    if isinstance(value, str):
        return leaf("string", value)
    if isinstance(value, (bytes, bytearray)):
        return leaf("data", base64.b64encode(bytes(value)).decode("ascii"))
    if isinstance(value, datetime.datetime):
        return leaf("date", date_text(value))
    if value is None:
        return leaf("null", "")
    raise Unrepresentable("a value of type %s" % type(value).__name__)


def to_tagged_container(value, budget, open_containers):
    if isinstance(value, (set, frozenset)):
        return {"type": "set", "value": [to_tagged(item, budget, open_containers) for item in value]}
    if isinstance(value, (list, tuple)):
        return [to_tagged(item, budget, open_containers) for item in value]
    result = {}
    for key, item in value.items():
        if not isinstance(key, str):
            raise Unrepresentable("a dictionary key of type %s (%r)" % (type(key).__name__, key))
        result[key] = to_tagged(item, budget, open_containers)
    return result


def parse_date(text):
    if not text.endswith("Z"):
        raise Rejected("date without Z: %r" % text)
    body = text[:-1]
    fraction = 0.0
    if "." in body:
        body, digits = body.split(".", 1)
        fraction = float("0." + digits)
    moment = datetime.datetime.strptime(body, "%Y-%m-%dT%H:%M:%S")
    return moment + datetime.timedelta(seconds=fraction)


def from_tagged(node):
    """Tagged JSON -> a value plistlib can write."""
    if isinstance(node, list):
        return [from_tagged(item) for item in node]
    if not isinstance(node, dict):
        raise Rejected("not tagged JSON: %r" % (node,))
    if set(node.keys()) == {"type", "value"} and isinstance(node["type"], str):
        kind, text = node["type"], node["value"]
        if kind == "set":
            raise Rejected("plistlib cannot write sets")
        if kind == "null":
            raise Rejected("plistlib cannot write null")
        if not isinstance(text, str):
            raise Rejected("leaf value must be a string")
        if kind == "string":
            return text
        if kind == "integer":
            return int(text)
        if kind == "real":
            return float(text)
        if kind == "bool":
            return text == "true"
        if kind == "date":
            return parse_date(text)
        if kind == "data":
            return base64.b64decode(text, validate=True)
        if kind == "uid":
            return plistlib.UID(int(text))
        raise Rejected("unknown type %r" % kind)
    return {key: from_tagged(item) for key, item in node.items()}


def decode(data):
    """plistlib's binary parser, forced (it does not check the version digits of the header itself)."""
    value = library_call(lambda: plistlib.loads(data, fmt=plistlib.FMT_BINARY), plistlib.InvalidFileException)
    try:
        count_nodes(value)
        with deeper_recursion():
            tagged = to_tagged(value, NodeBudget())
    except Cycle:
        return unrepresentable("plistlib returned a value that contains itself")
    except Unrepresentable as what:
        return unrepresentable("plistlib returned %s" % what)
    except TooLarge as large:
        return ('{"type":"too-large","value":"%d"}' % large.nodes).encode("utf-8")
    return (json.dumps(tagged, ensure_ascii=False, sort_keys=True)).encode("utf-8")


def count_nodes(value):
    """A cheap first pass: raises Cycle when `value` contains itself, TooLarge when printing it would take
    more than NODE_LIMIT nodes (shared references counted once per reference)."""
    count = 0
    on_path = set()
    pending = [(value, False)]
    while pending:
        item, leaving = pending.pop()
        if leaving:
            on_path.discard(id(item))
            continue
        count += 1
        if count > NODE_LIMIT:
            raise TooLarge(count)
        if isinstance(item, (dict, list, tuple, set, frozenset)):
            if id(item) in on_path:
                raise Cycle()
            on_path.add(id(item))
            pending.append((item, True))
            children = item.values() if isinstance(item, dict) else item
            pending.extend((child, False) for child in children)


def unrepresentable(reason):
    """Accepted, with a value tagged JSON cannot carry: exit 0 all the same."""
    return json.dumps({"type": "unrepresentable", "value": reason}, ensure_ascii=False,
                      separators=(",", ":")).encode("utf-8")


def encode(data):
    try:
        with deeper_recursion():
            value = from_tagged(json.loads(data.decode("utf-8")))
    except (ValueError, TypeError, OverflowError, UnicodeDecodeError) as error:
        raise Rejected("plistlib has no value for this input: %s: %s" % (type(error).__name__, error))
    return library_call(lambda: plistlib.dumps(value, fmt=plistlib.FMT_BINARY, sort_keys=False),
                        (TypeError, OverflowError))


def read_attribute(path):
    """The fields a conforming reader keeps: a dictionary root, string values of the four keys."""
    try:
        data = os.getxattr(path, ATTRIBUTE)
    except OSError as error:
        raise Rejected("no attribute: %s" % error)
    # Any format, as the original reads it; for XML plistlib documents expat's errors as its refusals too.
    value = library_call(lambda: plistlib.loads(data), (plistlib.InvalidFileException, xml.parsers.expat.ExpatError))
    if not isinstance(value, dict):
        raise Rejected("root is %s, not a dictionary" % type(value).__name__)
    fields = {key: value[key] for key in FIELDS if isinstance(value.get(key), str)}
    return json.dumps(fields, ensure_ascii=False, sort_keys=True).encode("utf-8")


def read_field_object(data):
    """The field object by the protocol's rule (Docs/conformance.md, "The field object"): one JSON object of
    the four keys, each once, each a string; anything else is refused, naming the key."""
    def pairs(items):
        seen = {}
        for key, value in items:
            if key in seen:
                raise Rejected("the key %r appears twice" % key)
            if key not in FIELDS:
                raise Rejected("%r is not a field (the fields: %s)" % (key, ", ".join(FIELDS)))
            if not isinstance(value, str):
                raise Rejected("the value of %r is not a string" % key)
            seen[key] = value
        return seen
    def constant(name):
        raise Rejected("%s is not JSON (RFC 8259)" % name)
    try:
        fields = json.loads(data.decode("utf-8"), object_pairs_hook=pairs, parse_constant=constant)
    except (ValueError, RecursionError) as error:
        raise Rejected("fields are not JSON: %s" % error)
    if not isinstance(fields, dict):
        raise Rejected("fields must be a JSON object of strings")
    for key in FIELDS:
        if key not in fields:
            raise Rejected("the key %r is missing" % key)
    return fields


def write_attribute(path, data):
    fields = read_field_object(data)
    payload = plistlib.dumps({k: fields[k] for k in FIELDS}, fmt=plistlib.FMT_BINARY, sort_keys=False)
    try:
        os.setxattr(path, ATTRIBUTE, payload)
    except OSError as error:
        raise Rejected("setxattr: %s" % error)
    return b""


def main(argv):
    if not argv:
        sys.stderr.write(__doc__)
        return 64
    call, rest = argv[0], argv[1:]
    stdin = sys.stdin.buffer
    stdout = sys.stdout.buffer
    try:
        if call == "capabilities" and not rest:
            stdout.write(b'["decode", "encode", "read-attribute", "write-attribute", "serve"]\n')
        elif call == "version" and not rest:
            stdout.write(("CPython %s plistlib\n" % sys.version.split()[0]).encode())
        elif call == "decode" and not rest:
            stdout.write(decode(stdin.read()))
        elif call == "encode" and not rest:
            stdout.write(encode(stdin.read()))
        elif call == "read-attribute" and len(rest) == 1:
            stdout.write(read_attribute(rest[0]))
        elif call == "write-attribute" and len(rest) == 1:
            write_attribute(rest[0], stdin.read())
        else:
            sys.stderr.write("usage error: unknown call or arguments: %r\n" % (argv,))
            return 64
    except Rejected as error:
        sys.stderr.write("rejected: %s\n" % error)
        return 1
    except LibraryCrashed as crash:
        sys.stderr.write("policy: %s\ncrash: %s\n" % (crash.marker, crash))
        return 70
    except MemoryError:
        sys.stderr.write("MemoryError: out of memory\n")
        return 70
    except Exception as error:  # noqa: BLE001 - an unexpected exception is the adapter crashing, not a rejection
        sys.stderr.write("crash: %s: %s\n" % (type(error).__name__, error))
        return 70
    return 0


def serve(call):
    """`CMD serve` (Docs/conformance.md, "The persistent mode"): answers framed calls until end of input.
    Each call runs `call(words)` with standard input the frame's payload and standard output and error
    captured; exit 0 and 1 answer `accepted` and `rejected`, any other status ends the server with that
    status (its standard error written out first), as a process of its own would have ended."""
    import io
    requests, responses, errors = sys.stdin.buffer, sys.stdout.buffer, sys.stderr.buffer
    streams = sys.stdin, sys.stdout, sys.stderr

    def read(count):
        data = requests.read(count)
        if len(data) != count:
            raise EOFError
        return data

    while True:
        head = requests.read(4)
        if not head:
            return 0
        try:
            if len(head) != 4:
                raise EOFError
            header = read(int.from_bytes(head, "big"))
            payload = read(int.from_bytes(read(4), "big"))
        except EOFError:
            return 74
        words = [word.decode("utf-8", "surrogateescape") for word in header.split(b"\0")]
        out, err = io.BytesIO(), io.BytesIO()
        sys.stdin = io.TextIOWrapper(io.BytesIO(payload), encoding="utf-8")
        sys.stdout = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
        sys.stderr = io.TextIOWrapper(err, encoding="utf-8", errors="backslashreplace", write_through=True)
        try:
            status = call(words)
        finally:
            output, diagnostic = out.getvalue(), err.getvalue()
            sys.stdin, sys.stdout, sys.stderr = streams
        if status not in (0, 1):
            errors.write(diagnostic)
            errors.flush()
            return status
        status_word = b"accepted" if status == 0 else b"rejected"
        header = status_word + (b"\0" + diagnostic if diagnostic else b"")
        responses.write(len(header).to_bytes(4, "big") + header + len(output).to_bytes(4, "big") + output)
        responses.flush()


if __name__ == "__main__":
    sys.exit(serve(main) if sys.argv[1:] == ["serve"] else main(sys.argv[1:]))
