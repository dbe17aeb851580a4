#if canImport(Glibc)
    import Glibc
#endif
import HeartlineShell

exit(HeartlineMain.run(CommandLine.arguments))
