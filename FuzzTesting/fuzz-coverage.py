#!/usr/bin/env python3
# FuzzTesting/fuzz-coverage.py - Renders Reports/fuzz-coverage.md and .html (run by fuzz-coverage.sh).
#
# Usage: fuzz-coverage.py SUMMARY_JSON LINES_TXT ERRORS_TXT CODEC_MD REPORTS_DIR EDGES_TXT BINARY…
#   SUMMARY_JSON  `llvm-cov export -summary-only` of the coverage build over the seed corpus
#   LINES_TXT     `llvm-cov show -format=text` of the same sources (per-line execution counts)
#   ERRORS_TXT    `uniq -c` of how the strict reference ends on every bplist corpus input (`accepted` or
#                 the id of the rule that refused it)
#   CODEC_MD      Docs/codec.md, whose "Decoding rules" table lists the rules
#   BINARY…       the coverage build's targets (their disassembly tells which edges end in a run-time trap);
#                 LLVM_BIN_DIR names the directory of llvm-objdump and llvm-symbolizer
#   EDGES_TXT     libFuzzer's -print_coverage=1 output of every target (COVERED_FUNC / UNCOVERED_FUNC /
#                 UNCOVERED_PC lines): the control-flow edges, which stand for branches (Swift's coverage
#                 mapping has no branch regions, so llvm-cov counts 0 branches)
import datetime
import html
import json
import os
import re
import subprocess
import sys

MODULES = ("BinaryPlist", "DocumentSource", "Icons", "TaggedJSON")

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


def executed_lines(lines_path):
    """Per file of `llvm-cov show -format=text -show-line-counts`: {line number: whether it ran} for every line
    llvm-cov counts as executable (a line without a count is not code to it and is left out); a line shown more
    than once (an instantiation's view) ran when any view says so."""
    result, current = {}, None
    line_pattern = re.compile(r"^\s*(\d+)\|\s*([0-9.]+[kMG]?)\|")
    with open(lines_path, encoding="utf-8", errors="replace") as handle:
        for line in handle:
            if line.startswith("/") and line.rstrip().endswith(".swift:"):
                current = line.rstrip()[:-1]
                result.setdefault(current, {})
                continue
            match = line_pattern.match(line)
            if current and match:
                number = int(match.group(1))
                result[current][number] = result[current].get(number, False) or match.group(2) != "0"
    return result


def uncovered_lines(lines_path):
    """Per file: the line numbers llvm-cov counts as executable with a count of 0."""
    return {path: sorted(n for n, ran in lines.items() if not ran)
            for path, lines in executed_lines(lines_path).items()}


def trap_edges(binaries, bin_dir):
    """Per function (mangled name): the source locations of its edges that end in a trap.

    Swift checks overflow, conversions, bounds and preconditions at run time; each check is a
    conditional branch to a block that traps (`ud2`, or a call to `_assertionFailure`/`fatalError`),
    and SanitizerCoverage gives that block an edge like any other. No input may take one (it would
    be a crash, a finding), so they are not branches to cover. Found in the disassembly: a counter
    increment (`__sancov_cntrs`) whose block reaches a trap before any other control transfer.
    """
    traps = {}
    for binary in binaries:
        listing = subprocess.run([os.path.join(bin_dir, "llvm-objdump"), "-d", "--no-show-raw-insn", binary],
                                 capture_output=True, text=True, check=True).stdout
        function, candidate, found = None, None, []
        for line in listing.splitlines():
            header = re.match(r"^[0-9a-f]+ <(.+)>:$", line)
            if header:
                function, candidate = header.group(1), None
                continue
            fields = line.strip().split("\t")
            if len(fields) < 2 or function in traps:
                continue
            address, instruction = fields[0].rstrip(":").strip(), fields[1].strip()
            operands = fields[2] if len(fields) > 2 else ""
            if "__sancov_cntrs" in line:
                if instruction == "movb" and operands.endswith("%al"):
                    candidate = address  # the increment's load; its add and store follow
                continue
            if candidate is None:
                continue
            if instruction == "ud2" or (instruction.startswith("call") and re.search(
                    r"assertionFailure|fatalError|preconditionFailure|swift_unexpectedError", line)):
                found.append((function, candidate))
                candidate = None
            elif instruction.startswith(("j", "call", "ret")):
                candidate = None
        names = {}
        for function, address in found:
            names.setdefault(function, []).append(address)
        if not found:
            continue
        addresses = [address for _, address in found]
        symbolized = subprocess.run([os.path.join(bin_dir, "llvm-symbolizer"), "--obj=" + binary],
                                    input="\n".join("0x" + a for a in addresses) + "\n", capture_output=True,
                                    text=True, check=True).stdout.strip().split("\n\n")
        locations = {}
        for address, block in zip(addresses, symbolized):
            rows = block.strip().splitlines()
            path, _, number = (rows[1] if len(rows) > 1 else "").rpartition(":")
            path, _, number2 = path.rpartition(":") if number.isdigit() and ":" in path else (path, "", number)
            locations[address] = (path, int(number2) if number2.isdigit() else 0)
        for function, address_list in names.items():
            if function not in traps:
                traps[function] = [locations.get(a, ("", 0)) for a in address_list]
    return traps


def edge_coverage(edges_path, sources_root, traps):
    """Per source file: [covered edges, edges, lines with an uncovered edge].

    Every target prints, per instrumented function, its covered and total edges (the control-flow edges
    SanitizerCoverage counts: each side of every conditional branch, critical edges split) and the line
    of every uncovered edge. A function linked into several targets is the same code in each, so it
    counts once, with the target that covers most of its edges (a lower bound of the union). Uncovered
    edges without a line in the project (Swift's overflow and bounds traps are `<compiler-generated>`;
    inlined standard-library checks name the library's files) are not counted: no input can take them.
    """
    best = {}
    current = None
    function_line = re.compile(r"^(COVERED|UNCOVERED)_FUNC: hits: \d+ edges: (\d+)/(\d+) (\S+) (.*):(\d+)$")
    with open(edges_path, encoding="utf-8", errors="replace") as handle:
        for line in handle:
            line = line.rstrip("\n")
            match = function_line.match(line)
            if match:
                covered, total, name, path, number = (int(match.group(2)), int(match.group(3)), match.group(4),
                                                      match.group(5), int(match.group(6)))
                current = {"name": name, "file": path, "line": number, "covered": covered, "total": total,
                           "uncovered": [], "elsewhere": 0}
                if match.group(1) == "UNCOVERED":
                    current["uncovered"] = [number] * total
                previous = best.get(name)
                if previous is None or covered > previous["covered"]:
                    best[name] = current
                else:
                    current = {"uncovered": [], "elsewhere": 0}  # a worse copy: its PCs are not kept
                continue
            if line.startswith("  UNCOVERED_PC: ") and current is not None and "name" in current:
                location = line[len("  UNCOVERED_PC: "):]
                path, _, number = location.rpartition(":")
                if path == current["file"] and number.isdigit() and number != "0":
                    current["uncovered"].append(int(number))
                else:
                    current["elsewhere"] += 1
    files = {}
    for function in best.values():
        if not function["file"].startswith(sources_root):
            continue
        uncovered = list(function["uncovered"])
        trapped = 0
        for path, number in traps.get(function["name"], []):
            if path == function["file"] and number in uncovered:
                uncovered.remove(number)
                trapped += 1
        entry = files.setdefault(function["file"], [0, 0, set()])
        entry[0] += function["covered"]
        entry[1] += function["total"] - function["elsewhere"] - trapped
        entry[2].update(n for n in uncovered if n > 0)
    return {path: (c, t, sorted(lines)) for path, (c, t, lines) in files.items()}


def codec_rules(codec_md):
    rules, inside = [], False
    with open(codec_md, encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("## "):
                inside = line.strip() == "## Decoding rules"
            match = re.match(r"^\| `(bplist\.[a-z0-9.-]+)` \| `[a-z0-9.-]+` \| (.*?) \|", line) if inside else None
            if match and match.group(1) not in [r[0] for r in rules]:
                rules.append((match.group(1), match.group(2)))
    return rules


def main():
    summary_path, lines_path, errors_path, codec_md, reports, edges_path = sys.argv[1:7]
    binaries, bin_dir = sys.argv[7:], os.environ.get("LLVM_BIN_DIR", "")
    with open(summary_path, encoding="utf-8") as handle:
        summary = json.load(handle)
    uncovered = uncovered_lines(lines_path)
    edges = edge_coverage(edges_path, os.path.join(os.getcwd(), "Sources") + "/", trap_edges(binaries, bin_dir))
    files = []
    for entry in summary["data"][0]["files"]:
        module = module_of(entry["filename"])
        if not module:
            continue
        s = entry["summary"]
        covered_edges, total_edges, edge_lines = edges.get(entry["filename"], (0, 0, []))
        files.append({
            "file": relative(entry["filename"]), "module": module,
            "lines": s["lines"]["count"], "lines_covered": s["lines"]["covered"],
            "branches": total_edges, "branches_covered": covered_edges,
            "regions": s["regions"]["count"], "regions_covered": s["regions"]["covered"],
            "uncovered": ranges(uncovered.get(entry["filename"], [])),
            "uncovered_branches": ranges(edge_lines),
        })
    files.sort(key=lambda f: f["file"])
    errors = []
    with open(errors_path, encoding="utf-8") as handle:
        for line in handle:
            count, _, text = line.strip().partition(" ")
            errors.append((int(count), text))
    rules = []
    for rule, requirement in codec_rules(codec_md):
        hits = sum(c for c, text in errors if text == rule)
        rules.append({"rule": rule, "requirement": requirement, "inputs": hits})
    accepted = sum(c for c, text in errors if text == "accepted")

    def pct(covered, total):
        return "%.1f%%" % (100.0 * covered / total) if total else "–"

    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    totals = {m: [sum(f[k] for f in files if f["module"] == m)
                  for k in ("lines_covered", "lines", "branches_covered", "branches", "regions_covered", "regions")]
              for m in MODULES}
    md = ["# Fuzz corpus coverage", "",
          "Generated by `make fuzz-coverage` on %s. Do not edit; see Docs/fuzzing.md." % date, "",
          "Every target run once over its seed corpus (FuzzTesting/seed-corpus/, the vector seeds and the "
          "hand-built seeds), each file whole, debug build with `-profile-coverage-mapping` and libFuzzer's "
          "edge counters. %d bplist corpus inputs decode strictly, the rest are rejected (rules below)." % accepted,
          "",
          "**Lines** and **regions** are llvm-cov's, from the profile of all targets merged. **Branches** are the "
          "control-flow edges libFuzzer counts (`-print_coverage=1`: each side of every conditional branch, "
          "`switch` case, `&&`, `||`, `guard` and loop test), because Swift's coverage mapping has no branch "
          "regions (llvm-cov reports 0 branches); a function linked into several targets counts with the target "
          "that covers most of its edges, and edges that end in a run-time trap (overflow, bounds, preconditions) or "
          "have no line in the project are left out. The build is a debug one, so generic standard-library code "
          "inlined there (a conversion such as `UInt64(count)` checks for other integer types too) adds edges no "
          "input can take: the branch figure is a floor, and a line named under \"branch never taken\" may hold "
          "only such an edge. Docs/fuzzing.md has the details.", "",
          "| module | lines | line coverage | branches | branch coverage | regions | region coverage |",
          "|---|---:|---:|---:|---:|---:|---:|"]
    for m in MODULES:
        lc, lt, bc, bt, rc, rt = totals[m]
        md.append("| %s | %d/%d | %s | %d/%d | %s | %d/%d | %s |" % (
            m, lc, lt, pct(lc, lt), bc, bt, pct(bc, bt), rc, rt, pct(rc, rt)))
    md += ["", "## Per file (uncovered lines named)", "",
           "| file | lines | branches | regions | lines never run | lines with a branch never taken |",
           "|---|---:|---:|---:|---|---|"]
    for f in files:
        md.append("| %s | %s | %s | %s | %s | %s |" % (
            f["file"], pct(f["lines_covered"], f["lines"]), pct(f["branches_covered"], f["branches"]),
            pct(f["regions_covered"], f["regions"]), f["uncovered"] or "–", f["uncovered_branches"] or "–"))
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
    rows = "".join("<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td class=u>%s</td><td class=u>%s</td></tr>" % (
        e(f["file"]), pct(f["lines_covered"], f["lines"]), pct(f["branches_covered"], f["branches"]),
        pct(f["regions_covered"], f["regions"]), e(f["uncovered"] or "–"), e(f["uncovered_branches"] or "–"))
        for f in files)
    rule_rows = "".join("<tr%s><td><code>%s</code></td><td>%d</td></tr>" % (
        " class=miss" if r["inputs"] == 0 else "", e(r["rule"]), r["inputs"]) for r in rules)
    module_rows = "".join("<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>" % (
        m, pct(totals[m][0], totals[m][1]), pct(totals[m][2], totals[m][3]), pct(totals[m][4], totals[m][5]))
        for m in MODULES)
    page = ("<!doctype html><meta charset=utf-8><title>Fuzz corpus coverage</title><style>"
            "body{font:14px sans-serif;margin:2em}table{border-collapse:collapse}td,th{border:1px solid #ccc;"
            "padding:2px 6px;text-align:right}td:first-child{text-align:left}.u{text-align:left;font-size:12px}"
            ".miss{background:#fdd}</style><h1>Fuzz corpus coverage</h1><p>Generated by <code>make fuzz-coverage"
            "</code> on %s. Branches are the control-flow edges libFuzzer counts (see Docs/fuzzing.md).</p>"
            "<table><tr><th>module<th>lines<th>branches<th>regions</tr>%s</table><h2>Per file</h2><table>"
            "<tr><th>file<th>lines<th>branches<th>regions<th>lines never run<th>lines with a branch never taken"
            "</tr>%s</table><h2>Docs/codec.md decoding rules</h2><table><tr><th>rule<th>corpus inputs it rejects"
            "</tr>%s</table>\n" % (date, module_rows, rows, rule_rows))
    with open(os.path.join(reports, "fuzz-coverage.html"), "w", encoding="utf-8") as handle:
        handle.write(page)


if __name__ == "__main__":
    main()
