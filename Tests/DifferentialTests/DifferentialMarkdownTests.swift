// Tests/DifferentialTests/DifferentialMarkdownTests.swift - differential.md, and its detail pages past 100 clusters

import Differential
import Testing

@Suite struct DifferentialMarkdownTests {
    private func report(clusters count: Int) -> DifferentialReport {
        let clusters = (0..<count).map { index in
            Cluster(
                id: "d-\(String(index, radix: 16))", signature: "a: accept | b: reject",
                sides: [], rule: "header", size: count - index,
                representative: Representative(sha256: "00", size: 2, paths: ["corpus/\(index)"], hex: "6270"),
                answers: [ImplementationAnswer(implementation: "a", answer: "accept", detail: "answer-\(index)")])
        }
        return DifferentialReport(
            suiteVersion: "0", os: "os", kernel: "k", date: "d", command: "xds differential corpus",
            corpora: ["corpus"],
            implementations: [], notInstalled: nil, files: count, inputs: count, agreed: 0, calls: 2 * count, jobs: 1,
            seconds: 1, clusters: clusters)
    }

    @Test func aSmallRunIsOneFileWithEveryAnswer() {
        let pages = DifferentialMarkdown.pages(report(clusters: DifferentialMarkdown.clustersPerPage))
        #expect(pages.map(\.name) == ["differential.md"])
        #expect(pages[0].text.contains("[d-0](#d-0)"))
        #expect(pages[0].text.contains("## d-63\n"))
        #expect(pages[0].text.contains("answer-99"))
    }

    @Test func aLargeRunKeepsTheTableAndLinksEachClusterToItsPage() throws {
        let pages = DifferentialMarkdown.pages(report(clusters: 250))
        #expect(
            pages.map(\.name) == [
                "differential.md", "differential-clusters-1.md", "differential-clusters-2.md",
                "differential-clusters-3.md",
            ])
        let summary = pages[0].text
        #expect(summary.contains("[d-0](differential-clusters-1.md#d-0)"))
        #expect(summary.contains("[d-63](differential-clusters-1.md#d-63)"))  // cluster 100, the first page's last
        #expect(summary.contains("[d-64](differential-clusters-2.md#d-64)"))  // cluster 101
        #expect(summary.contains("[d-f9](differential-clusters-3.md#d-f9)"))  // cluster 250
        #expect(!summary.contains("## d-"), "the answers are on the pages")
        // Every cluster's details on exactly one page, in order.
        for (index, page) in pages.dropFirst().enumerated() {
            #expect(DifferentialMarkdown.isDetailPage(page.name))
            let first = index * DifferentialMarkdown.clustersPerPage
            let last = min(first + DifferentialMarkdown.clustersPerPage, 250) - 1
            #expect(page.text.hasPrefix("# Differential discovery: clusters \(first + 1) to \(last + 1)\n"))
            #expect(page.text.split(separator: "\n").filter { $0.hasPrefix("## d-") }.count == last - first + 1)
            #expect(page.text.contains("answer-\(first)") && page.text.contains("answer-\(last)"))
            #expect(!page.text.contains("answer-\(last + 1) "))
        }
        #expect(!DifferentialMarkdown.isDetailPage("differential.md"))
    }
}
