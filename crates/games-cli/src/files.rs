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

/// Writes `contents` to `path` whole or not at all: into `path` with the extension
/// `.partial` first, then renamed over `path`, so a run stopped mid-write (a Ctrl-C ends most
/// commands at once, see `work`) leaves no half file under the real name.
pub fn write_whole(path: &Path, contents: impl AsRef<[u8]>) -> Result<(), CliError> {
    reject_special_file(path)?;
    let partial = path.with_extension("partial");
    reject_special_file(&partial)?;
    // Errors name the file asked for: the `.partial` one is ours, not the user's.
    let io = |source| CliError::Io { path: path.display().to_string(), source };
    std::fs::write(&partial, contents).map_err(io)?;
    std::fs::rename(&partial, path).map_err(io)
}

/// Reads the regular file `path` if it holds at most `max_bytes` bytes (the read itself stops
/// one byte past the bound, so a file that grows meanwhile cannot make it larger); the error
/// names the file.
pub fn read_bounded(path: &Path, max_bytes: u64) -> Result<Vec<u8>, CliError> {
    use std::io::Read;
    reject_special_file(path)?;
    let io = |source| CliError::Io { path: path.display().to_string(), source };
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .map_err(io)?
        .take(max_bytes.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > max_bytes {
        return Err(CliError::bad(format!(
            "{}: more than {max_bytes} bytes",
            one_line(&path.display().to_string())
        )));
    }
    Ok(bytes)
}
