//! One writer per value file: an exclusive advisory lock (`flock` on Unix, `LockFileEx` on
//! Windows, through the `fs4` crate, since `File::try_lock` needs Rust 1.89 and the workspace
//! builds with 1.85) on a lock file beside it, `PATH.lock`, held as long as the run writes.
//!
//! The lock is on a file of its own because the value file itself is replaced by a rename when
//! it is widened, and a lock belongs to the replaced file. The lock file stays after the run
//! (empty): removing it would let a third run lock a new file while a second still waits on
//! the old one. The operating system drops the lock when the process ends, however it ends.

use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};

use super::ValueFileError;

/// The lock of a value file, held until dropped.
#[derive(Debug)]
pub struct ValueFileLock {
    // Locked: the lock lasts as long as this handle is open.
    _file: File,
    path: PathBuf,
}

impl ValueFileLock {
    /// The lock file.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// Takes the lock of the value file `path` (the file `PATH.lock`, created if need be), or
/// refuses at once if another run holds it.
///
/// ```
/// use game_core::value_file::{lock, ValueFileError};
/// let path = std::env::temp_dir().join(format!("value-file-lock-doc-{}.bin", std::process::id()));
/// let held = lock(&path)?;
/// assert!(matches!(lock(&path), Err(ValueFileError::Locked { .. })));
/// drop(held);
/// assert!(lock(&path).is_ok());
/// # std::fs::remove_file(path.with_extension("bin.lock")).ok();
/// # Ok::<(), ValueFileError>(())
/// ```
///
/// # Errors
/// [`ValueFileError::Locked`] if another run (another process, or another handle in this one)
/// holds it; [`ValueFileError::Io`] if the lock file cannot be created or locked.
pub fn lock(path: &Path) -> Result<ValueFileLock, ValueFileError> {
    let mut name = path.as_os_str().to_owned();
    name.push(".lock");
    let lock_path = PathBuf::from(name);
    // Named by the value file, as every other error of it is.
    let io = |e: std::io::Error| ValueFileError::Io {
        path: path.display().to_string(),
        reason: format!("cannot lock it (its lock file ends in .lock): {e}"),
    };
    let file = OpenOptions::new().create(true).truncate(false).write(true).open(&lock_path).map_err(io)?;
    match fs4::FileExt::try_lock(&file) {
        Ok(()) => Ok(ValueFileLock { _file: file, path: lock_path }),
        Err(fs4::TryLockError::WouldBlock) => {
            Err(ValueFileError::Locked { lock: lock_path.display().to_string() })
        }
        Err(fs4::TryLockError::Error(e)) => Err(io(e)),
    }
}
