# Sources/Adapters/peerlib/xds_peerlib.py - What the Python peer adapters share: tagged JSON out and in, the call loop
"""The adapter protocol for a Python bplist library (Docs/conformance.md), minus the library.

A peer adapter gives `run()` three things: how to decode bytes with the library (returning the library's own
value), which exception types are the library's documented way to reject input, and optionally how to
encode. This module turns the library's value into tagged JSON exactly as the library returned it:

- the value is printed iteratively, counting one node per leaf and per container; after more than
  NODE_BOUND nodes it stops and prints {"type":"too-large","value":"N"} (accepted; too large to print),
  so shared references never explode;
- a value tagged JSON cannot express (a non-string dictionary key, a value that contains itself, a type the
  protocol lacks) is printed as
  {"type":"unrepresentable","value":"REASON"} (Docs/tagged-json.md), with exit 0: the library accepted the
  input, and the acceptance is the verdict;
- a documented rejection exits 1; RecursionError (the interpreter's stack guard) and MemoryError are
  crashes (exit 70); any other exception escaping the library is also a crash (exit 70), because the
  library does not document it as its way to reject input.
"""

import base64
import datetime
import json
import math
import os
import sys

# The one Python `CMD serve` loop is the plistlib adapter's (shipped beside xds, so it stays self-contained);
# the peers use it from the checkout rather than keep a copy.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "BuiltInPeers", "plistlib"))
from xds_adapter_plistlib import serve  # noqa: E402

NODE_BOUND = 1_000_000
EPOCH = datetime.datetime(2001, 1, 1, tzinfo=datetime.timezone.utc)


class Rejected(Exception):
    """The library refused the input (its documented way): exit 1."""


class TooLarge(Exception):
    def __init__(self, nodes):
        super().__init__(nodes)
        self.nodes = nodes


class Unexpressible(Exception):
    """The library accepted a value tagged JSON has no form for."""


def package_version(distribution):
    """The installed distribution's version, as pip or dpkg installed it."""
    import importlib.metadata
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def real_text(number):
    if math.isnan(number):
        return "nan"
    if math.isinf(number):
        return "inf" if number > 0 else "-inf"
    if number == 0.0:
        return "-0.0" if math.copysign(1.0, number) < 0 else "0.0"
    return repr(float(number))


def date_text(moment):
    """A datetime as the library returned it (naive = UTC, as these libraries mean it)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=datetime.timezone.utc)
    moment = moment.astimezone(datetime.timezone.utc)
    text = "%04d-%02d-%02dT%02d:%02d:%02d" % (
        moment.year, moment.month, moment.day, moment.hour, moment.minute, moment.second)
    if moment.microsecond:
        text += (".%06d" % moment.microsecond).rstrip("0")
    return text + "Z"


def leaf(kind, text):
    return json.dumps({"type": kind, "value": text}, ensure_ascii=False, separators=(",", ":"))


def tagged_text(value, classify):
    """The tagged JSON text of `value`. `classify(v)` returns ("leaf", kind, text), ("array", items),
    ("set", items) or ("dict", [(key, item)]) for one node of the library's value, or raises Unexpressible."""
    out = []
    nodes = 0
    # Work items: a value to print, or a literal piece of text.
    stack = [("value", value)]
    while stack:
        kind, item = stack.pop()
        if kind == "text":
            out.append(item)
            continue
        nodes += 1
        if nodes > NODE_BOUND:
            raise TooLarge(nodes)
        node = classify(item)
        if node[0] == "leaf":
            out.append(leaf(node[1], node[2]))
            continue
        if node[0] in ("array", "set"):
            opening, closing = ("[", "]") if node[0] == "array" else ('{"type":"set","value":[', "]}")
            out.append(opening)
            pending = []
            for index, element in enumerate(node[1]):
                if index:
                    pending.append(("text", ","))
                pending.append(("value", element))
            pending.append(("text", closing))
            stack.extend(reversed(pending))
            continue
        out.append("{")
        pending = []
        for index, (key, element) in enumerate(node[1]):
            if not isinstance(key, str):
                raise Unexpressible("a dictionary key of type %s" % type(key).__name__)
            pending.append(("text", ("," if index else "") + json.dumps(key, ensure_ascii=False) + ":"))
            pending.append(("value", element))
        pending.append(("text", "}"))
        stack.extend(reversed(pending))
    return "".join(out)


def expansion_size(root, classify):
    """How many nodes printing `root` would take, capped at NODE_BOUND + 1; a value that contains itself raises
    Unexpressible (no size describes it, and tagged JSON cannot carry it).

    Containers the library shares are counted once and remembered, so this costs the library's own object
    count, not the expansion: an adapter never spends the CPU limit finding out that a value is too large."""
    cap = NODE_BOUND + 1
    memo, on_path, counts = {}, set(), []
    stack = [(root, None)]
    while stack:
        value, children = stack.pop()
        key = id(value)
        if children is not None:
            total = min(cap, 1 + sum(counts[len(counts) - children:]))
            del counts[len(counts) - children:]
            on_path.discard(key)
            memo[key] = total
            counts.append(total)
            continue
        node = classify(value)
        if node[0] == "leaf":
            counts.append(1)
        elif key in memo:
            counts.append(memo[key])
        elif key in on_path:
            raise Unexpressible("a value that contains itself")
        else:
            items = node[1] if node[0] != "dict" else [item for _, item in node[1]]
            on_path.add(key)
            stack.append((value, len(items)))
            stack.extend((item, None) for item in reversed(items))
    return counts[0]


def parse_date(text):
    """Tagged JSON date text -> aware UTC datetime (microseconds, as Python keeps them)."""
    if not text.endswith("Z"):
        raise ValueError("date without Z: %r" % text)
    body, fraction = text[:-1], ""
    if "." in body:
        body, fraction = body.split(".", 1)
    moment = datetime.datetime.strptime(body, "%Y-%m-%dT%H:%M:%S").replace(tzinfo=datetime.timezone.utc)
    if fraction:
        moment += datetime.timedelta(microseconds=round(float("0." + fraction) * 1e6))
    return moment


def untagged(node, make):
    """Tagged JSON -> the library's input values; `make(kind, text)` builds a leaf, `make("set", items)` a set."""
    if isinstance(node, list):
        return [untagged(item, make) for item in node]
    if isinstance(node, dict) and set(node) == {"type", "value"} and isinstance(node["type"], str):
        if node["type"] == "set":
            return make("set", [untagged(item, make) for item in node["value"]])
        return make(node["type"], node["value"])
    if isinstance(node, dict):
        return {key: untagged(item, make) for key, item in node.items()}
    raise ValueError("not tagged JSON: %r" % (node,))


def classify_python(value, *, uid_type=None, uid_value=None, null_marker=None, none_is_null=True, sets=False):
    """The classification the plistlib-like libraries share: their values are Python's own (bool before int,
    bytes as data, naive or aware datetime as date), plus the library's UID type (`uid_value` reads its
    number), an optional null marker object (then Python's None means something else, `none_is_null=False`),
    and sets where the library returns them.
    Returns None for anything else; the adapter then raises Unexpressible with its own words."""
    if null_marker is not None and value is null_marker:
        return ("leaf", "null", "")
    if isinstance(value, bool):
        return ("leaf", "bool", "true" if value else "false")
    if uid_type is not None and isinstance(value, uid_type):
        return ("leaf", "uid", str(uid_value(value)))
    if isinstance(value, int):
        return ("leaf", "integer", str(value))
    if isinstance(value, float):
        return ("leaf", "real", real_text(value))
    if isinstance(value, str):
        return ("leaf", "string", value)
    if isinstance(value, (bytes, bytearray)):
        return ("leaf", "data", data_text(value))
    if isinstance(value, datetime.datetime):
        return ("leaf", "date", date_text(value))
    if value is None and none_is_null:
        return ("leaf", "null", "")
    if sets and isinstance(value, (set, frozenset)):
        return ("set", list(value))
    if isinstance(value, (list, tuple)):
        return ("array", value)
    if isinstance(value, dict):
        return ("dict", list(value.items()))
    return None


def make_python(kind, text, *, data=bytes, uid=None, sets=False, library="the library"):
    """The inverse for the encoders: a tagged leaf (or a set) as the library's writer takes it; `data` wraps
    bytes, `uid` builds the library's UID. Raises ValueError for a kind the library cannot write."""
    if kind == "string":
        return text
    if kind == "integer":
        return int(text)
    if kind == "real":
        return float(text)
    if kind == "bool":
        return text == "true"
    if kind == "date":
        return parse_date(text).replace(tzinfo=None)
    if kind == "data":
        return data(data_bytes(text))
    if kind == "uid" and uid is not None:
        return uid(int(text))
    if kind == "set" and sets:
        return set(text)
    raise ValueError("%s has no value for %s" % (library, kind))


def data_bytes(text):
    return base64.b64decode(text, validate=True)


def data_text(raw):
    return base64.b64encode(bytes(raw)).decode("ascii")


def run(argv, *, version, decode, classify, rejections, encode=None, make=None, encode_rejections=None):
    """The call loop. `decode(bytes)` calls the library; `rejections` is the tuple of its documented
    rejection exceptions; `encode(value)` (optional) writes bplist bytes from `untagged(json, make)`, and
    `encode_rejections` (default: `rejections`) are the writer's documented refusals."""
    calls = ["decode"] + (["encode"] if encode else [])
    if argv == ["serve"]:
        return serve(lambda words: run(words, version=version, decode=decode, classify=classify,
                                       rejections=rejections, encode=encode, make=make,
                                       encode_rejections=encode_rejections))
    stdout = sys.stdout.buffer
    if argv == ["capabilities"]:
        stdout.write((json.dumps(calls + ["serve"]) + "\n").encode())
        return 0
    if argv == ["version"]:
        stdout.write((version() + "\n").encode())
        return 0
    if len(argv) != 1 or argv[0] not in calls:
        sys.stderr.write("usage error: unknown call or arguments: %r\n" % (argv,))
        return 64
    data = sys.stdin.buffer.read()
    try:
        if argv[0] == "decode":
            try:
                value = decode(data)
            except rejections as error:
                raise Rejected("%s: %s" % (type(error).__name__, error))
            try:
                size = expansion_size(value, classify)
                if size > NODE_BOUND:
                    raise TooLarge(size)
                text = tagged_text(value, classify)
            except TooLarge as error:
                sys.stderr.write("accepted; the value has more than %d nodes\n" % NODE_BOUND)
                text = json.dumps({"type": "too-large", "value": str(error.nodes)}, separators=(",", ":"))
            except Unexpressible as error:
                sys.stderr.write("accepted, with %s (tagged JSON cannot express it)\n" % error)
                text = leaf("unrepresentable", "the library returned %s" % error)
            stdout.write(text.encode("utf-8"))
        else:
            try:
                value = untagged(json.loads(data.decode("utf-8")), make)
            except (ValueError, TypeError, KeyError, OverflowError) as error:
                raise Rejected("the library has no value for this input: %s: %s" % (type(error).__name__, error))
            try:
                stdout.write(encode(value))
            except (encode_rejections or rejections) as error:
                raise Rejected("%s: %s" % (type(error).__name__, error))
    except Rejected as error:
        sys.stderr.write("rejected: %s\n" % error)
        return 1
    except RecursionError as error:
        sys.stderr.write("policy: recursion-limit\ncrash: stack exhausted (RecursionError: %s)\n" % error)
        return 70
    except MemoryError:
        sys.stderr.write("crash: out of memory\n")
        return 70
    except Exception as error:  # noqa: BLE001 - not the library's documented rejection: a crash
        sys.stderr.write("policy: undocumented-exception %s\ncrash: undocumented exception %s: %s\n"
                         % (type(error).__name__, type(error).__name__, error))
        return 70
    return 0
