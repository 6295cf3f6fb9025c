import ArgumentParser
import Foundation

/// Prints `error` to standard error and exits with `code`: errors from StravaKit already say what to do.
func exitWithMessage(_ message: String, code: Int32 = 1) -> ExitCode {
    FileHandle.standardError.write(Data(("trackdrop: " + message + "\n").utf8))
    return ExitCode(code)
}
