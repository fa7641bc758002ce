//! game-wythoff: placeholder, filled by its issue.
