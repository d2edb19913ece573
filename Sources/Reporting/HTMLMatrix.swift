// Sources/Reporting/HTMLMatrix.swift - conformance.html's matrix: one row per case, filters, sticky headers

import ConformanceModel
import ReportFormatting

/// The matrix: a row per case (area, hazard and whether implementations differ as `data-` attributes), a
/// cell per implementation (outcome and severity as short classes, colour and glyph), the header sticky, and
/// a filter bar whose small inline script needs no server (works from file://).
enum HTMLMatrix {
    static func render(_ matrix: ConformanceMatrix, clauses: RequirementIndex) -> String {
        var out = "<section id=\"matrix\">\n<h2>Matrix</h2>\n"
        out += filterBar(matrix)
        out += "<table class=\"matrix\">\n<thead><tr><th class=\"case\">case</th>"
        for info in matrix.implementations {
            out += "<th class=\"impl\" data-impl=\"\(Escaping.html(info.name))\" "
            out += "title=\"\(Escaping.html(info.title + ", " + info.version))\"><span>\(Escaping.html(info.name))"
            out += "</span></th>"
        }
        out += "</tr></thead>\n<tbody>\n"
        for area in matrix.areas {
            for row in matrix.rows where row.first.area == area {
                out += self.row(row, implementations: matrix.implementations, clauses: clauses)
            }
        }
        return out + "</tbody>\n</table>\n</section>\n"
    }

    static func filterBar(_ matrix: ConformanceMatrix) -> String {
        func select(_ key: String, _ label: String, _ options: [(String, String)]) -> String {
            "<label>\(label) <select id=\"f-\(key)\"><option value=\"\">any</option>"
                + options.map { "<option value=\"\(Escaping.html($0.0))\">\(Escaping.html($0.1))</option>" }.joined()
                + "</select></label>\n"
        }
        var out = "<form class=\"filters\" id=\"filters\">\n"
        out += select(
            "impl", "implementation",
            matrix.implementations.enumerated().map { (String($0.offset + 1), $0.element.name) })
        out += select(
            "outcome", "outcome",
            [("x", "any deviation")]
                + Outcome.allCases.map { (ConformanceHTML.outcomeClass($0), $0.glyph + " " + $0.rawValue) })
        out += select("sev", "severity", Severity.allCases.map { (ConformanceHTML.severityClass($0), $0.phrase) })
        out += select("hazard", "hazard", Hazard.allCases.map { ($0.rawValue, $0.phrase) } + [("none", "none")])
        out += select("area", "area", matrix.areas.map { ($0.rawValue, $0.rawValue) })
        out += "<label><input type=\"checkbox\" id=\"f-differ\"> only where implementations differ</label>\n"
        out += "<output id=\"f-count\">\(matrix.rows.count) cases</output>\n</form>\n"
        return out
    }

    static func row(_ row: MatrixRow, implementations: [ImplementationInfo], clauses: RequirementIndex) -> String {
        let first = row.first
        let hazard = row.results.lazy.compactMap { $0?.hazard }.first
        let judged = Set(row.results.compactMap { $0?.outcome }.filter { $0 != .notApplicable })
        var out = "<tr data-a=\"\(first.area.rawValue)\" data-h=\"\(hazard?.rawValue ?? "none")\""
        out += judged.count > 1 ? " data-d=\"1\">" : ">"
        out += "<td class=\"case\"><a href=\"\(ConformanceHTML.vectorLink(first.area, first.vectorID))\">"
        out += "\(Escaping.html(first.caseID))</a>"
        if first.level != .required { out += " <span class=\"level\">\(first.level.rawValue)</span>" }
        out += "</td>"
        for (info, result) in zip(implementations, row.results) {
            let outcome = result?.outcome ?? .notApplicable
            var classes = ConformanceHTML.outcomeClass(outcome)
            if let severity = result?.severity { classes += " " + ConformanceHTML.severityClass(severity) + " x" }
            out += "<td class=\"\(classes)\">"
            if let result, outcome != .notApplicable, !HTMLCaseDetails.isQuietPass(result) {
                out += "<a href=\"\(ConformanceHTML.resultLink(first.area, info.name, first.caseID))\">"
                out += "\(outcome.glyph)</a>"
            } else {
                out += outcome.glyph
            }
            out += result?.knownFailure != nil ? "<sup>k</sup></td>" : "</td>"
        }
        return out + "</tr>\n"
    }

    /// The filters: each select narrows the rows; a `#f:impl=2&sev=s0` fragment (the scorecard's links) sets
    /// them. `impl` is the column (1-based); `outcome`, `sev` are cell classes; `x` is any deviation.
    static let script = """
        (function(){
        var q=function(i){return document.getElementById(i)};
        var keys=['impl','outcome','sev','hazard','area'];
        var rows=[].slice.call(document.querySelectorAll('#matrix tbody tr'));
        function apply(){
          var v={};keys.forEach(function(k){v[k]=q('f-'+k).value});
          var differ=q('f-differ').checked,n=0;
          rows.forEach(function(r){
            var ok=(!v.area||r.dataset.a==v.area)&&(!v.hazard||r.dataset.h==v.hazard)&&(!differ||r.dataset.d=='1');
            if(ok&&(v.outcome||v.sev||v.impl)){
              var cells=v.impl?[r.cells[+v.impl]]:[].slice.call(r.cells,1);
              ok=cells.some(function(c){return c&&(!v.outcome||c.classList.contains(v.outcome))&&(!v.sev||c.classList.contains(v.sev))&&(!v.impl||v.outcome||v.sev||!c.classList.contains('o8'))});
            }
            r.hidden=!ok;if(ok)n++;
          });
          q('f-count').textContent=n+' of '+rows.length+' cases shown';
        }
        function fromHash(){
          var m=location.hash.match(/^#f:(.*)$/);if(!m)return;
          var p=new URLSearchParams(m[1]);
          keys.forEach(function(k){q('f-'+k).value=p.get(k)||''});
          q('f-differ').checked=p.has('differ');apply();q('matrix').scrollIntoView();
        }
        keys.concat(['differ']).forEach(function(k){q('f-'+k).addEventListener('change',apply)});
        window.addEventListener('hashchange',fromHash);fromHash();apply();
        })();
        """
}
