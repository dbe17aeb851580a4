# The flags of the installed kind of release build, for `swift build -c release`; sourced by
# contrib/install.sh, contrib/bench-system.sh and contrib/order-symbols.sh (BENCHMARKS.md,
# "Launch, CPU and memory", has what each one saves).
#
# - the Swift runtime and Foundation linked in: the program does not depend on the
#   toolchain's directory, and it starts faster and smaller;
# - each Swift function in a section of its own, so the linker can place it;
# - lld, the toolchain's linker, with relative relocations packed (DT_RELR, glibc 2.36 and
#   later): 1.8 MB of relocation entries read at every start become about 35 kB;
# - no dynamic symbol table of the program's own functions (the driver links executables
#   with -export-dynamic; nothing loads heartline as a library): 6,300 names, read whole at
#   start, about 0.4 MiB of resident pages;
# - the functions a workout runs placed together (contrib/heartline.order, written by
#   contrib/order-symbols.sh): the code pages a workout touches, and those the kernel maps
#   around them, drop from about 11 MB to about 5 MB. A function the file does not name (or
#   no longer exists) is placed as without it. SwiftPM does not track the file: after it
#   changes, remove the built binary so that the build links it again.
release_flags=(
  --static-swift-stdlib
  -Xswiftc -Xfrontend -Xswiftc -function-sections
  -Xswiftc -use-ld=lld
  -Xlinker -z -Xlinker pack-relative-relocs
  -Xlinker --no-export-dynamic
)
if [[ "${HEARTLINE_NO_ORDER:-}" != yes && -f "$(dirname "${BASH_SOURCE[0]}")/heartline.order" ]]; then
  release_flags+=(
    -Xlinker "--symbol-ordering-file=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/heartline.order"
    -Xlinker --no-warn-symbol-ordering
  )
fi
