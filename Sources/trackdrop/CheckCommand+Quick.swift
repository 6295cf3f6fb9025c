import ArgumentParser
import TrackKit

extension CheckCommand {
    /// `trackdrop check` arguments in their plain forms, read without ArgumentParser: its reflection-driven
    /// parsing costs about 5 ms, most of what a one-file `check` spends before it reads the file.
    ///
    /// Accepts only what ArgumentParser reads the same way: the flags `--json`, `--no-clean` and
    /// `--full-validation`, `--out` and `--sport` with their value in the next argument or after `=`, each
    /// at most once, and at least one path. Anything else (help, `--`, a dash-led value, an unknown or
    /// repeated option, no path) gives nil, and ArgumentParser parses the arguments as usual, errors and
    /// help included.
    init?(quickArguments arguments: [String]) {
        guard arguments.first == Self.configuration.commandName else { return nil }
        var paths: [String] = []
        var json = false, noClean = false, fullValidation = false
        var out: String?, sport: String?
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-") else {
                guard !argument.isEmpty, argument != "help" else { return nil }
                paths.append(argument)
                continue
            }
            var name = Substring(argument), inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = argument[..<equals]
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            switch name {
            case "--json", "--no-clean", "--full-validation":
                guard inlineValue == nil else { return nil }
                if name == "--json" {
                    guard !json else { return nil }
                    json = true
                } else if name == "--no-clean" {
                    guard !noClean else { return nil }
                    noClean = true
                } else {
                    guard !fullValidation else { return nil }
                    fullValidation = true
                }
            case "--out", "--sport":
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else { return nil }
                    value = arguments[index]
                    index += 1
                }
                guard !value.isEmpty, !value.hasPrefix("-") else { return nil }
                if name == "--out" {
                    guard out == nil else { return nil }
                    out = value
                } else {
                    guard sport == nil else { return nil }
                    sport = value
                }
            default:
                return nil
            }
        }
        guard !paths.isEmpty else { return nil }
        self.init()
        self.paths = paths
        self.json = json
        self.noClean = noClean
        self.fullValidation = fullValidation
        self.out = out
        self.sport = sport
        // `--report` is left to ArgumentParser; every property must still hold a value.
        self.report = nil
        self.maxFileMiB = InputLimits.defaultMaxFileMiB
    }
}
