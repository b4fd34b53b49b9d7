import FuzzTargets
#if canImport(Glibc)
import Glibc
#endif

// One executable for every fuzz entry; MOTIONLAB_FUZZ picks which (svg-path, script, sheet,
// option-values, font-metrics). Built by `make fuzz` with -sanitize=fuzzer,address and -DFUZZING, libFuzzer
// supplies main and calls LLVMFuzzerTestOneInput; built plainly, it runs the entry over the
// files and folders it is given (to replay a crash without the fuzzer).

let selected: Fuzz.Entry = {
    let name = getenv("MOTIONLAB_FUZZ").map { String(cString: $0) } ?? ""
    guard let entry = Fuzz.entries.first(where: { $0.name == name }) else {
        let names = Fuzz.entries.map(\.name).joined(separator: ", ")
        let message = Array("motionlab-fuzz: set MOTIONLAB_FUZZ to one of: \(names)\n".utf8)
        _ = write(2, message, message.count)
        exit(2)
    }
    return entry.run
}()

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    selected(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// SwiftPM links an executable's entry under this name: hand the process to libFuzzer.
@_cdecl("motionlab_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, fuzzOne)
}
#else
@main
struct Replay {
    static func main() {
        let files = FuzzCorpus.files(CommandLine.arguments.dropFirst().map { $0 })
        for file in files { FuzzCorpus.withContents(of: file) { selected($0) } }
        print("motionlab-fuzz: \(files.count) inputs ran")
    }
}
#endif
