import Foundation

/// A documentation article's code as a test compiles and runs it: the lines of `testFile`
/// (pass `#filePath`) between `// snippet: NAME` and the next `// end snippet`, their common
/// indentation removed, and the article (a path from the package root) they must appear in,
/// verbatim, as a Swift code block.
package struct ArticleSnippet {
    /// The snippet's code, as the article shows it.
    package let code: String
    /// The article's Markdown.
    package let article: String

    /// Reads snippet `name` from `testFile` and the article at `articlePath`; throws when a
    /// marker or a file is missing, naming it.
    package init(named name: String, in testFile: String, articlePath: String) throws {
        let file = URL(fileURLWithPath: testFile)
        let lines = try String(contentsOf: file, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasSuffix("// snippet: \(name)") }),
            let end = lines[start...].firstIndex(where: { $0.hasSuffix("// end snippet") })
        else {
            throw TestFailure(description: "\(testFile): no snippet \(name) with its end marker")
        }
        let body = lines[(start + 1)..<end]
        let indent =
            body.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.prefix { $0 == " " }.count }.min() ?? 0
        code = body.map { $0.count >= indent ? String($0.dropFirst(indent)) : "" }
            .joined(separator: "\n")
        // Tests/<target>/<file>.swift: the package root is three levels up.
        let root = file.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        article = try String(
            contentsOf: root.appendingPathComponent(articlePath), encoding: .utf8)
    }

    /// Whether the article shows the code as one Swift code block.
    package var isInArticle: Bool { article.contains("```swift\n" + code + "\n```") }
}
