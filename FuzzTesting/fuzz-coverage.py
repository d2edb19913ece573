#!/usr/bin/env python3
# FuzzTesting/fuzz-coverage.py - Renders Reports/fuzz-coverage.md and .html (run by fuzz-coverage.sh).
#
# Usage: fuzz-coverage.py SUMMARY_JSON LINES_TXT ERRORS_TXT CODEC_MD REPORTS_DIR
#   SUMMARY_JSON  `llvm-cov export -summary-only` of the coverage build over the seed corpus
#   LINES_TXT     `llvm-cov show -format=text` of the same sources (per-line execution counts)
#   ERRORS_TXT    `uniq -c` of how the strict reference ends on every bplist corpus input
#   CODEC_MD      Docs/codec.md, whose "Decoding rules" table lists the rules
import datetime
import html
import json
import os
import re
import sys

MODULES = ("BinaryPlist", "DocumentSource", "Icons", "TaggedJSON")

# How each Docs/codec.md decoding rule shows in the reference's errors ("<category>: <message>").
# A rule is reached when some corpus input is rejected by it.
RULE_ERRORS = {
    "bplist.header.magic": r"^header: ",
    "bplist.trailer.present": r"^trailer: .*ends before the 32-byte trailer",
    "bplist.trailer.offset-size": r"^trailer: offset-table entry size is 0",
    "bplist.trailer.ref-size": r"^trailer: object reference size is 0",
    "bplist.trailer.num-objects": r"^trailer: object count must be",
    "bplist.trailer.top-object": r"^trailer: top object index",
    "bplist.trailer.offset-table-offset": r"^trailer: offset table start must lie",
    "bplist.trailer.length": r"^trailer: .*do not end at the trailer",
    "bplist.trailer.ref-size-capacity": r"^trailer: .*-byte references cannot address",
    "bplist.trailer.offset-size-capacity": r"^trailer: .*-byte offsets cannot reach",
    "bplist.offset-table.range": r"^offset-table: ",
    "bplist.object.bounds": r"^length: (object needs|count \d+ needs)",
    "bplist.count.int": r"^(marker: count must be an int|length: count is negative)",
    "bplist.object.ref": r"^object-ref: ",
    "bplist.marker.simple": r"^marker: marker 0x0[0-9a-f] is not",
    "bplist.integer.width": r"^marker: integer of ",
    "bplist.integer.16": r"^limit: 16-byte integer",
    "bplist.real.width": r"^marker: real of ",
    "bplist.date.marker": r"^marker: date marker",
    "bplist.date.range": r"^limit: date ",
    "bplist.string.ascii": r"^encoding: ASCII",
    "bplist.string.utf16": r"^encoding: UTF-16",
    "bplist.uid": r"^limit: UID ",
    "bplist.marker.unused": r"^marker: marker 0x[79bef][0-9a-f] is not",
    "bplist.dict.key-type": r"^key-type: ",
    "bplist.dict.duplicate-key": r"^duplicate-key: ",
    "bplist.object.cycle": r"^cycle: ",
    "bplist.object.depth": r"^depth: ",
    "bplist.object.payload-budget": r"^limit: strings and data exceed",
    "bplist.object.expansion": r"^limit: shared references expand",
    "bplist.object.element-budget": r"^limit: containers hold more than",
}


def module_of(path):
    parts = path.split("/")
    for module in MODULES:
        if "Sources" in parts and module in parts:
            return module
    return None


def relative(path):
    index = path.find("/Sources/")
    return path[index + 1:] if index >= 0 else path


def ranges(numbers):
    """[3, 4, 5, 9] -> "3-5, 9"."""
    out, start, last = [], None, None
    for n in numbers:
        if start is None:
            start = last = n
        elif n == last + 1:
            last = n
        else:
            out.append(str(start) if start == last else "%d-%d" % (start, last))
            start = last = n
    if start is not None:
        out.append(str(start) if start == last else "%d-%d" % (start, last))
    return ", ".join(out)


def uncovered_lines(lines_path):
    """Per file: the line numbers llvm-cov counts as executable with a count of 0."""
    result, current = {}, None
    line_pattern = re.compile(r"^\s*(\d+)\|\s*([0-9.]+[kMG]?)\|")
    with open(lines_path, encoding="utf-8", errors="replace") as handle:
        for line in handle:
            if line.startswith("/") and line.rstrip().endswith(".swift:"):
                current = line.rstrip()[:-1]
                result.setdefault(current, [])
                continue
            match = line_pattern.match(line)
            if current and match and match.group(2) == "0":
                result[current].append(int(match.group(1)))
    return {path: sorted(set(numbers)) for path, numbers in result.items()}


def codec_rules(codec_md):
    rules, inside = [], False
    with open(codec_md, encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("## "):
                inside = line.strip() == "## Decoding rules"
            match = re.match(r"^\| `(bplist\.[a-z0-9.-]+)` \| (.*?) \|", line) if inside else None
            if match and match.group(1) not in [r[0] for r in rules]:
                rules.append((match.group(1), match.group(2)))
    return rules


def main():
    summary_path, lines_path, errors_path, codec_md, reports = sys.argv[1:6]
    with open(summary_path, encoding="utf-8") as handle:
        summary = json.load(handle)
    uncovered = uncovered_lines(lines_path)
    files = []
    for entry in summary["data"][0]["files"]:
        module = module_of(entry["filename"])
        if not module:
            continue
        s = entry["summary"]
        files.append({
            "file": relative(entry["filename"]), "module": module,
            "lines": s["lines"]["count"], "lines_covered": s["lines"]["covered"],
            "branches": s["branches"]["count"], "branches_covered": s["branches"]["covered"],
            "regions": s["regions"]["count"], "regions_covered": s["regions"]["covered"],
            "uncovered": ranges(uncovered.get(entry["filename"], [])),
        })
    files.sort(key=lambda f: f["file"])
    errors = []
    with open(errors_path, encoding="utf-8") as handle:
        for line in handle:
            count, _, text = line.strip().partition(" ")
            errors.append((int(count), text))
    rules = []
    for rule, requirement in codec_rules(codec_md):
        pattern = RULE_ERRORS.get(rule)
        hits = sum(c for c, text in errors if pattern and re.search(pattern, text))
        rules.append({"rule": rule, "requirement": requirement, "inputs": hits, "mapped": bool(pattern)})
    accepted = sum(c for c, text in errors if text == "accepted")

    def pct(covered, total):
        return "%.1f%%" % (100.0 * covered / total) if total else "–"

    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    totals = {m: [sum(f[k] for f in files if f["module"] == m)
                  for k in ("lines_covered", "lines", "branches_covered", "branches", "regions_covered", "regions")]
              for m in MODULES}
    # Swift's coverage mapping emits no branch regions (llvm-cov counts 0 branches); the code regions
    # (each side of an if, guard, switch case, && and ||) then stand in for branches.
    branch_kind = "branches" if any(f["branches"] for f in files) else "regions"
    bk = branch_kind
    md = ["# Fuzz corpus coverage", "",
          "Generated by `make fuzz-coverage` on %s. Do not edit; see Docs/fuzzing.md." % date, "",
          "Every target run once over its seed corpus (FuzzTesting/seed-corpus/ and the vector seeds), "
          "debug build with `-profile-coverage-mapping`. %d bplist corpus inputs decode strictly, the rest "
          "are rejected (rules below)." % accepted, "",
          ("Swift's coverage mapping has no branch regions, so branch coverage is shown as **region** coverage "
           "(each side of an `if`, `guard`, `switch` case, `&&`, `||` is a region)." if bk == "regions" else ""),
          "",
          "| module | lines | line coverage | %s | %s coverage |" % (bk, bk[:-1]), "|---|---:|---:|---:|---:|"]
    for m in MODULES:
        lc, lt, bc, bt, rc, rt = totals[m]
        if bk == "regions":
            bc, bt = rc, rt
        md.append("| %s | %d/%d | %s | %d/%d | %s |" % (m, lc, lt, pct(lc, lt), bc, bt, pct(bc, bt)))
    md += ["", "## Per file (uncovered lines named)", "",
           "| file | lines | %s | uncovered lines |" % bk, "|---|---:|---:|---|"]
    for f in files:
        md.append("| %s | %s | %s | %s |" % (f["file"], pct(f["lines_covered"], f["lines"]),
                                             pct(f[bk + "_covered"], f[bk]), f["uncovered"] or "–"))
    missing = [r for r in rules if r["inputs"] == 0]
    md += ["", "## Docs/codec.md decoding rules", "",
           "%d of %d rules reject at least one corpus input. Not reached: %s." % (
               len(rules) - len(missing), len(rules),
               ", ".join("`%s`" % r["rule"] for r in missing) or "none"), "",
           "| rule | corpus inputs it rejects |", "|---|---:|"]
    for r in rules:
        md.append("| `%s` | %d |" % (r["rule"], r["inputs"]))
    os.makedirs(reports, exist_ok=True)
    with open(os.path.join(reports, "fuzz-coverage.md"), "w", encoding="utf-8") as handle:
        handle.write("\n".join(md) + "\n")

    e = html.escape
    rows = "".join("<tr><td>%s</td><td>%s</td><td>%s</td><td class=u>%s</td></tr>" % (
        e(f["file"]), pct(f["lines_covered"], f["lines"]), pct(f[bk + "_covered"], f[bk]),
        e(f["uncovered"] or "–")) for f in files)
    rule_rows = "".join("<tr%s><td><code>%s</code></td><td>%d</td></tr>" % (
        " class=miss" if r["inputs"] == 0 else "", e(r["rule"]), r["inputs"]) for r in rules)
    module_rows = "".join("<tr><td>%s</td><td>%s</td><td>%s</td></tr>" % (
        m, pct(totals[m][0], totals[m][1]),
        pct(totals[m][4], totals[m][5]) if bk == "regions" else pct(totals[m][2], totals[m][3])) for m in MODULES)
    page = ("<!doctype html><meta charset=utf-8><title>Fuzz corpus coverage</title><style>"
            "body{font:14px sans-serif;margin:2em}table{border-collapse:collapse}td,th{border:1px solid #ccc;"
            "padding:2px 6px;text-align:right}td:first-child{text-align:left}.u{text-align:left;font-size:12px}"
            ".miss{background:#fdd}</style><h1>Fuzz corpus coverage</h1><p>Generated by <code>make fuzz-coverage"
            "</code> on %s.</p><table><tr><th>module<th>lines<th>%s</tr>%s</table><h2>Per file</h2><table>"
            "<tr><th>file<th>lines<th>%s<th>uncovered lines</tr>%s</table><h2>Docs/codec.md decoding rules"
            "</h2><table><tr><th>rule<th>corpus inputs it rejects</tr>%s</table>\n"
            % (date, bk, module_rows, bk, rows, rule_rows))
    with open(os.path.join(reports, "fuzz-coverage.html"), "w", encoding="utf-8") as handle:
        handle.write(page)


if __name__ == "__main__":
    main()
