//! Searches of game-core longer than one process: the machinery of record runs, apart from the
//! search a user runs.
//!
//! game-core's [`Search`](game_core::search::Search) never touches a file. It offers a few
//! hooks (its table's entries out, values preloaded in, a callback every few thousand nodes,
//! and the question "is this component's nimber among these values?"), and this crate builds
//! on them what a search of days needs:
//!
//! * table files ([`TableFiles`]): the values a search found, saved with their positions behind
//!   a header and a SHA-256 and loaded by a later search (another process, a later day), which
//!   goes on from there; saved every so often while the search runs
//!   ([`TableFiles::with_checkpoints`]), so that a kill loses only the work since;
//! * the costliest entries of a table file copied to a smaller one ([`TableWorkProfile`],
//!   [`save_costly_entries`]), and several files of one game merged into one
//!   ([`merge_table_files`]);
//! * a search cut into shards at the root ([`RootShards`]): the distinct first moves valued
//!   on different machines, each asked its value, its value below a cap, or only whether it
//!   is one value ([`ShardQuestion`]), and merged ([`merge_root_shards`]) into the root's
//!   nimber only when what the shards know proves it.
//!
//! It depends on game-core only, and no game crate depends on it: a game knows nothing of how
//! long its searches run (ARCHITECTURE.md states the layering, `tests/tidy.rs` checks it).
//! The `games` command line uses it (`games cram --table`, `--shard`, `--merge`, `games table`).
//!
//! ```
//! use game_core::{Game, SearchGame};
//! use game_core::search::{Search, SearchLimits};
//! use game_search_runs::TableFiles;
//!
//! /// Kayles rows as components: knock one pin or two adjacent ones.
//! struct Kayles;
//! impl Game for Kayles {
//!     type Position = Vec<u32>;
//!     fn moves(&self, rows: &Vec<u32>) -> Vec<Vec<u32>> {
//!         let mut out = Vec::new();
//!         for (i, &n) in rows.iter().enumerate() {
//!             for take in 1..=2.min(n) {
//!                 for left in 0..=(n - take) {
//!                     let mut next = rows.clone();
//!                     next[i] = left;
//!                     next.push(n - take - left);
//!                     out.push(next);
//!                 }
//!             }
//!         }
//!         out
//!    }
//!}
//!impl SearchGame for Kayles {
//!    fn components(&self, rows: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
//!         out.extend(rows.iter().filter(|&&n| n > 0).map(|&n| vec![n]));
//!     }
//! }
//! let mut first = Search::new(&Kayles, SearchLimits::default())?;
//! assert_eq!(first.nimber(&vec![30])?, 7); // OEIS A002186
//! let mut file = Vec::new();
//! first.save_table(&mut file, "kayles rows", first.stats().nodes)?;
//! // A later search loads the values and answers from them, expanding nothing.
//! let mut later = Search::new(&Kayles, SearchLimits::default())?;
//! later.load_table(file.as_slice(), "kayles rows")?;
//! assert_eq!(later.nimber(&vec![30])?, 7);
//! assert_eq!(later.stats().nodes, 0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

mod costly;
mod shard;
mod table_file;
mod table_merge;

pub use costly::{EntryCount, TableWorkProfile, WORK_CLASSES, save_costly_entries};
pub use shard::{
    RootMerge, RootShard, RootShardError, RootShards, ShardCut, ShardQuestion, merge_root_shards,
};
pub use table_file::{
    TABLE_FILE_MAGIC, TABLE_FILE_VERSION, TableFileError, TableFileHeader, TableFileInfo, TableFiles,
    read_table_file_header,
};
pub use table_merge::merge_table_files;
