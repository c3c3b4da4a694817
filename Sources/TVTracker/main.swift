import TVTrackerCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

exit(await TVTracker.main(arguments: Array(CommandLine.arguments.dropFirst())))
