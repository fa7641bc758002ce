//! Checkpoints: a long search saves its table to a file every so often while it runs, so that
//! a kill, a crash or a power cut loses at most that much work.
//!
//! A checkpoint is taken between two nodes, where every value in the table is finished, so a
//! file saved then is as good as one saved at the end (see [`Search::save_table_to`]); loading
//! it goes on from there. The clock is read with the progress, every few thousand nodes.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::table_file::{TableFileError, note_with_run};
use super::{Search, SearchError};
use crate::Game;

/// Where and how often a search saves its table.
pub(crate) struct Checkpoint<'g, G: Game> {
    path: PathBuf,
    name: String,
    note: String,
    every: Duration,
    last: Instant,
    /// [`Search::save_table_to`], kept here because the solver's loop knows no serde bounds.
    save: SaveTable<'g, G>,
}

type SaveTable<'g, G> = fn(&Search<'g, G>, &Path, &str, &str) -> Result<u64, TableFileError>;

impl<'g, G: Game> Search<'g, G>
where
    G::Position: Serialize + DeserializeOwned,
{
    /// Saves the table to `path` every `every` of wall time while a search runs, as
    /// [`Search::save_table_to`] does (written beside, synced, renamed over), under `name`
    /// with `note` and a last line `checkpoint: N positions expanded`. The caller still
    /// saves at the end, with the note it wants kept. Cost: one pass over the table and a
    /// write of its file per checkpoint, so checkpoints minutes apart cost little beside the
    /// search (records/search.md has the figures).
    pub fn with_checkpoints(mut self, path: &Path, name: &str, note: &str, every: Duration) -> Self {
        self.checkpoint = Some(Checkpoint {
            path: path.to_owned(),
            name: name.to_owned(),
            note: note.to_owned(),
            every,
            last: Instant::now(),
            save: Search::save_table_to,
        });
        self
    }
}

impl<G: Game> Search<'_, G> {
    /// Saves a checkpoint if one is due.
    ///
    /// # Errors
    /// [`SearchError::CheckpointFailed`] when the file cannot be written.
    pub(crate) fn checkpoint_if_due(&mut self) -> Result<(), SearchError> {
        let Some(mut checkpoint) = self.checkpoint.take_if(|c| c.last.elapsed() >= c.every) else {
            return Ok(());
        };
        let note = note_with_run(
            checkpoint.note.clone(),
            &format!("checkpoint: {} positions expanded\n", self.stats.nodes),
        );
        let saved =
            (checkpoint.save)(self, &checkpoint.path, &checkpoint.name, &note).map(|_| ()).map_err(|error| {
                SearchError::CheckpointFailed {
                    path: checkpoint.path.display().to_string(),
                    message: error.to_string(),
                }
            });
        checkpoint.last = Instant::now();
        self.checkpoint = Some(checkpoint);
        saved
    }
}
