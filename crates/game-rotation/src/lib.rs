//! game-rotation: placeholder, filled by its issue.
