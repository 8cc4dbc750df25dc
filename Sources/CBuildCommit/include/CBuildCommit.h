#ifndef PETSPOT_CBUILDCOMMIT_H
#define PETSPOT_CBUILDCOMMIT_H

/// The git commit this petspot was built from, as `scripts/build-release` wrote it into
/// `petspot_build_commit.h` (`2d86af3c1e0b` or `2d86af3c1e0b-dirty`); an empty string for a
/// build that was not made by that script (`swift build` in a clone).
const char *petspot_build_commit(void);

#endif
