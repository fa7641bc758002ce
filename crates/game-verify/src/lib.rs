//! game-verify: placeholder, filled by its issue.
