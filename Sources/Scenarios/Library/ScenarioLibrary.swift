import BundledScenarios
public import Foundation
import OutsideInput

/// Finds and loads scenarios: the bundled ones (the top-level `Scenarios/` folder, embedded
/// into the binary) by name, and any file by path.
///
/// ```swift
/// ScenarioLibrary.bundledNames                      // ["accuracy-improving", …, "walking-warsaw"]
/// let scenario = try ScenarioLibrary.load("default")
/// let mine = try ScenarioLibrary.load("./qa/denied.yaml")
/// ```
public enum ScenarioLibrary {
    /// The scenario played by `petspot` with no arguments: not determined → granted → fix,
    /// in Warsaw.
    public static let defaultName = "default"

    /// The bundled scenario names (file names without `.yaml`), sorted.
    public static var bundledNames: [String] {
        BundledScenarioFiles.all.map(\.name).filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }
    }

    /// The bytes of a bundled file (a scenario or a track), by file name.
    public static func bundledFile(named name: String) -> Data? {
        BundledScenarioFiles.all.first { $0.name == name }.map { Data($0.bytes) }
    }

    /// Every bundled scenario, loaded, in name order.
    ///
    /// - Throws: ``ScenarioError`` if a bundled file is broken (a test makes sure none is).
    public static func loadBundled() throws(ScenarioError) -> [Scenario] {
        var scenarios: [Scenario] = []
        for name in bundledNames { scenarios.append(try load(name)) }
        return scenarios
    }

    /// Loads a bundled scenario by name (`default`, `default.yaml`) or a file by path.
    ///
    /// A reference that names an existing file, or contains `/`, is a path; otherwise it is
    /// a bundled name. Tracks named in a file are read relative to the file's folder; in a
    /// bundled scenario, from the bundle.
    ///
    /// - Throws: ``ScenarioError`` naming the file, line and column of the first problem, or
    ///   saying which names exist when `reference` is neither a file nor a bundled name.
    public static func load(_ reference: String) throws(ScenarioError) -> Scenario {
        let isPath = reference.contains("/") || FileManager.default.fileExists(atPath: reference)
        if !isPath {
            let fileName = reference.hasSuffix(".yaml") ? reference : reference + ".yaml"
            if let data = bundledFile(named: fileName) {
                return try decode(
                    data, file: fileName, name: String(fileName.dropLast(5)),
                    readFile: { name throws(ScenarioError) in
                        guard let data = bundledFile(named: name) else {
                            throw ScenarioError(
                                file: fileName, message: "no bundled file named \(InputQuote.quoted(name))")
                        }
                        return data
                    })
            }
            throw ScenarioError(
                file: reference,
                message:
                    "no such file, and no bundled scenario named \(InputQuote.quoted(reference)); bundled: \(bundledNames.joined(separator: ", "))"
            )
        }
        return try loadFile(at: URL(fileURLWithPath: reference), named: reference)
    }

    /// Loads the scenario file at `url`; errors name it as `displayName` (the path as typed).
    public static func loadFile(at url: URL, named displayName: String? = nil) throws(ScenarioError) -> Scenario {
        let file = displayName ?? url.path
        let data = try readLimited(url, displayName: file)
        let directory = url.deletingLastPathComponent()
        let base = url.deletingPathExtension().lastPathComponent
        return try decode(
            data, file: file, name: base,
            readFile: { name throws(ScenarioError) in
                let trackURL = name.hasPrefix("/") ? URL(fileURLWithPath: name) : directory.appendingPathComponent(name)
                return try readLimited(trackURL, displayName: name)
            })
    }

    /// Decodes scenario text (YAML or JSON).
    ///
    /// - Parameters:
    ///   - data: the file's bytes (UTF-8).
    ///   - file: the file's name for errors.
    ///   - name: the scenario's name.
    ///   - readFile: reads a track the file names.
    public static func decode(
        _ data: Data, file: String, name: String, readFile: @escaping (String) throws(ScenarioError) -> Data
    ) throws(ScenarioError) -> Scenario {
        guard data.count <= ScenarioLimits.maximumFileBytes else {
            throw ScenarioError(
                file: file, message: "the file is \(data.count) bytes; the limit is \(ScenarioLimits.maximumFileBytes)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ScenarioError(file: file, message: "the file is not UTF-8 text")
        }
        let document = try ScenarioTextDecoder.decode(ScenarioDocument.self, from: text, file: file)
        let compiler = ScenarioCompiler(readFile: { try readFile($0) }, file: file, name: name)
        return try compiler.compile(document)
    }

    private static func readLimited(_ url: URL, displayName: String) throws(ScenarioError) -> Data {
        do {
            return Data(try InputFile.read(atPath: url.path, limit: ScenarioLimits.maximumFileBytes))
        } catch {
            throw ScenarioError(file: displayName, message: error.description)
        }
    }
}
