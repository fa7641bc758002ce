//! Files named on the command line: only regular files are read or written. A FIFO would block
//! the program until another one opens it (or forever), a device could be endless, and a
//! directory cannot hold an answer; each is refused up front with a one-line error.

use std::path::Path;

use crate::error::CliError;
use crate::output::one_line;

/// Refuses a path that exists and is not a regular file (a FIFO, a device, a directory).
pub fn reject_special_file(path: &Path) -> Result<(), CliError> {
    match std::fs::metadata(path) {
        Ok(meta) if !meta.is_file() => Err(CliError::bad(format!(
            "{}: not a regular file (a FIFO, device or directory cannot be used here)",
            one_line(&path.display().to_string())
        ))),
        _ => Ok(()),
    }
}

/// Writes `contents` to `path` (a new or regular file), the error naming the file.
pub fn write(path: &Path, contents: impl AsRef<[u8]>) -> Result<(), CliError> {
    reject_special_file(path)?;
    std::fs::write(path, contents).map_err(|source| CliError::Io { path: path.display().to_string(), source })
}
