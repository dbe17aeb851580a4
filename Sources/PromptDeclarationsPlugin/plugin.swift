import Foundation
import PackagePlugin

/// Declares a module's prompts from the catalogue (Prompts/en): each catalogue file names the
/// module whose code speaks it in its header (`# module: HeartlineCore`). vocabulary.prompts is
/// the table of typed words and cases.prompts a language's cases, not spoken templates: no
/// constants are declared from them.
@main struct PromptDeclarationsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(components: "Prompts", "en")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let tables: Set = ["vocabulary.prompts", "cases.prompts"]
        let files = names.filter { $0.hasSuffix(".prompts") && !tables.contains($0) }.sorted().map { folder.appending(component: $0) }
        let output = context.pluginWorkDirectoryURL.appending(component: "Prompt+Declared.swift")
        return [
            .buildCommand(
                displayName: "Declaring \(target.name)'s prompts",
                executable: try context.tool(named: "prompt-declarations").url,
                arguments: [target.name, output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output])
        ]
    }
}
