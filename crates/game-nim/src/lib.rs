//! game-nim: placeholder, filled by its issue.
