// The commit petspot was built from. `scripts/build-release` writes `petspot_build_commit.h`
// beside this file (`#define PETSPOT_BUILD_COMMIT "…"`), touches this file so that the build
// compiles it again, builds, and removes the header: the header is never committed, and a
// later build without it compiles this file again, back to "no commit known". A build from
// a fresh clone has no header and says so. A C file rather than Swift: `swift build` passes no
// string to Swift code, and a define in one C file recompiles only this file.
#include "CBuildCommit.h"

#if __has_include("petspot_build_commit.h")
#include "petspot_build_commit.h"
#endif

#ifndef PETSPOT_BUILD_COMMIT
#define PETSPOT_BUILD_COMMIT ""
#endif

const char *petspot_build_commit(void) { return PETSPOT_BUILD_COMMIT; }
