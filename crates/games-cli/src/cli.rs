//! The command line, declared with clap's derive API.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// The largest `--max-seconds` of a search: a year.
pub const MAX_SECONDS: u64 = 365 * 24 * 3600;

/// Exact answers about impartial games: Wythoff, Nim, subtraction and octal games, the rotation
/// puzzle and your own games given as graphs.
#[derive(Debug, Parser)]
#[command(
    name = "games",
    version,
    about,
    propagate_version = true,
    after_help = "Example: games wythoff moves 4 5"
)]
pub struct Cli {
    /// Print one JSON object (stable field names) instead of text.
    #[arg(long, global = true)]
    pub json: bool,
    /// Memory budget in MiB for any one computation: sizes are estimated before allocating and
    /// a request over the budget is refused with the size it would need.
    #[arg(long, global = true, value_name = "MIB", default_value_t = crate::limits::DEFAULT_MEMORY_MIB,
          value_parser = clap::value_parser!(u64).range(1..=crate::limits::MAX_MEMORY_MIB))]
    pub memory: u64,
    /// Long work: lift every effort and size limit (steps, table sizes, the largest puzzle
    /// counted, ...), which by default keep answers to seconds. The work then shows a progress
    /// bar with the time left (on a terminal) and stops cleanly on Ctrl-C; the memory budget
    /// (--memory) still holds.
    #[arg(long, global = true)]
    pub allow_long: bool,
    /// What to compute.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommand families.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Wythoff's game: P-positions, winning moves, Grundy values, a picture of the table.
    #[command(subcommand)]
    #[command(after_help = "Example: games wythoff pair 5")]
    Wythoff(WythoffCommand),
    /// Nim on several heaps, normal or misère play: `games nim 3 4 5`.
    #[command(after_help = "Example: games nim 22 5 13 27")]
    Nim(NimArgs),
    /// A subtraction game: its proven period, one-heap values (and their plot), or a position
    /// of several heaps.
    #[command(after_help = "Example: games subtraction 1,3,4 --period")]
    Subtraction(SubtractionArgs),
    /// An octal game (e.g. Kayles 0.77): Grundy values (and their plot) or the proven period.
    #[command(after_help = "Example: games octal 0.77 --values 15")]
    Octal(OctalArgs),
    /// Grundy's game (split a heap into two unequal heaps): its one-heap values, to a value
    /// file that an interrupted run continues, and their statistics.
    #[command(after_help = "Example: games grundy --values 20")]
    Grundy(GrundyArgs),
    /// Misère play of an octal game: its misère quotient, or the outcome and winning moves of a
    /// sum of heaps read from it.
    #[command(after_help = "Example: games misere 0.77 --heaps 1 2 2")]
    Misere(MisereArgs),
    /// The rotation puzzle (turn a disc of N slots, plugging a pin at each move): solve, count,
    /// draw.
    #[command(subcommand)]
    #[command(after_help = "Example: games rotation solve 12")]
    Rotation(RotationCommand),
    /// Your own game as an edge list or DOT file: Grundy values, outcomes, kernels.
    #[command(after_help = "Example: games graph game.txt")]
    Graph(GraphArgs),
    /// Cram (place dominoes on a board) by search over regions: nimber and outcome.
    #[command(after_help = "Example: games cram 4 5")]
    Cram(CramArgs),
    /// Chomp (take a square and everything below and right of it; the poisoned corner loses) by
    /// search: nimber, outcome and a winning bite.
    #[command(after_help = "Example: games chomp 4 7")]
    Chomp(ChompArgs),
    /// Node-Kayles on a graph file (as `games graph` reads them, directions ignored) by search
    /// over connected components: nimber and outcome.
    #[command(name = "node-kayles", after_help = "Example: games node-kayles game.txt")]
    NodeKayles(NodeKaylesArgs),
    /// Table files of long searches (`games cram --table`): the costliest values carried to a
    /// smaller file, or several files of one game merged into one.
    #[command(subcommand)]
    #[command(after_help = "Example: games table carry cram.tbl carry.tbl --max-mib 1")]
    Table(TableCommand),
    /// Play against the perfect strategy (or solve the puzzle with hints), line by line on stdin.
    #[command(subcommand)]
    #[command(after_help = "Example: games play nim 3 4 5")]
    Play(PlayCommand),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell) to stdout.
    #[command(after_help = "Example: games completions bash > games.bash")]
    Completions {
        /// The shell the script is for.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

/// `games wythoff ...`
#[derive(Debug, Subcommand)]
pub enum WythoffCommand {
    /// The N-th P-position (a_N, b_N) = (floor(N phi), floor(N phi^2)), exact for every u64 N.
    #[command(after_help = "Example: games wythoff pair 5")]
    Pair {
        /// Index N (0 gives (0, 0)).
        n: u64,
    },
    /// Whether (X, Y) is a P- or an N-position, and every winning move.
    #[command(after_help = "Example: games wythoff moves 4 5")]
    Moves {
        /// First heap / column.
        x: u64,
        /// Second heap / row.
        y: u64,
        /// Misère play: whoever takes the last counter loses.
        #[arg(long)]
        misere: bool,
    },
    /// The Sprague-Grundy value G(X, Y).
    #[command(after_help = "Example: games wythoff grundy 3 3")]
    Grundy {
        /// First heap.
        x: u64,
        /// Second heap.
        y: u64,
        /// Refuse rectangles (X+1)(Y+1) larger than this many cells (default 16 000 000, which
        /// answers in seconds; at most 100 000 000 without --allow-long).
        #[arg(long)]
        max_cells: Option<u64>,
    },
    /// The N x N table of Grundy values; with --svg FILE a picture of it.
    #[command(after_help = "Example: games wythoff table 5")]
    Table {
        /// Side of the table.
        n: u64,
        /// Write an SVG picture to FILE (colour by value, P-positions outlined and dotted).
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
        /// PNG output (not supported: use --svg).
        #[arg(long, value_name = "FILE")]
        png: Option<PathBuf>,
    },
}

/// `games nim H1 H2 ... [--misere]`, or `games nim moves ...` (the same).
#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct NimArgs {
    /// `games nim moves ...` (the same as giving the heaps directly).
    #[command(subcommand)]
    pub command: Option<NimCommand>,
    /// Heap sizes.
    pub heaps: Vec<u64>,
    /// Misère play: whoever takes the last counter loses.
    #[arg(long)]
    pub misere: bool,
}

/// `games nim moves ...`
#[derive(Debug, Subcommand)]
pub enum NimCommand {
    /// Outcome (P or N) and every winning move of a Nim position.
    #[command(after_help = "Example: games nim moves 22 5 13 27")]
    Moves {
        /// Heap sizes.
        #[arg(required = true, num_args = 1..)]
        heaps: Vec<u64>,
        /// Misère play: whoever takes the last counter loses.
        #[arg(long)]
        misere: bool,
    },
}

/// `games subtraction SET (--period | --values N [--svg FILE] | --heaps H...)`
#[derive(Debug, Args)]
pub struct SubtractionArgs {
    /// The amounts a move may take, comma-separated, e.g. 1,3,5.
    pub set: String,
    /// Misère play (the last mover loses).
    #[arg(long)]
    pub misere: bool,
    /// Print the exact, proven pre-period and period of the one-heap values.
    #[arg(long, conflicts_with = "heaps")]
    pub period: bool,
    /// Print the one-heap Grundy values of heaps 0..=N (N at most 1 000 000 without
    /// --allow-long, --out or --stats).
    #[arg(long, value_name = "N", conflicts_with_all = ["period", "heaps"])]
    pub values: Option<u64>,
    /// With --values N: write the values to FILE (an octal value file, see docs/value-files.md)
    /// instead of printing them; a FILE that holds some already is continued.
    #[arg(long, value_name = "FILE", requires = "values")]
    pub out: Option<PathBuf>,
    /// With --out FILE: repair a damaged FILE (a block or the header failing its checksum, a
    /// file cut short, or one written without checksums): the values before the first bad block
    /// are kept, the rest computed again and written over it. Without it such a file is refused.
    #[arg(long, requires = "out")]
    pub repair: bool,
    /// With --values N: print the frequency of each value over heaps 1..=N, the largest value
    /// and where it first occurs, and the rare/common split.
    #[arg(long, requires = "values")]
    pub stats: bool,
    /// With --values N: write a plot of g(n) against n to FILE (SVG), the pre-period and period
    /// marked when they are proven from these values, e.g.
    /// `games subtraction 1,2 --values 30 --svg sub12.svg`.
    #[arg(long, value_name = "FILE", requires = "values")]
    pub svg: Option<PathBuf>,
    /// Analyse a position of several heaps: value, outcome, winning moves.
    #[arg(long, num_args = 1.., value_name = "H")]
    pub heaps: Option<Vec<u64>>,
    /// Largest heap examined when looking for the period.
    #[arg(long, default_value_t = 1_000_000)]
    pub max: u64,
}

/// `games octal CODE (--values N [--svg FILE] | --period [--max N])`
#[derive(Debug, Args)]
pub struct OctalArgs {
    /// The octal code, e.g. 0.77 (Kayles) or 0.07 (Dawson's Kayles).
    pub code: String,
    /// Print the Grundy values of heaps 0..=N (N at most 1 000 000 without --allow-long, --out
    /// or --stats).
    #[arg(long, value_name = "N", conflicts_with = "period")]
    pub values: Option<u64>,
    /// With --values N: write the values to FILE (an octal value file, see docs/value-files.md)
    /// instead of printing them; a FILE that holds some already is checked and continued, so an
    /// interrupted run resumes, e.g. `games octal 0.6 --values 1000000 --out officers.bin`.
    #[arg(long, value_name = "FILE", requires = "values")]
    pub out: Option<PathBuf>,
    /// With --out FILE: repair a damaged FILE (a block or the header failing its checksum, a
    /// file cut short, or one written without checksums): the values before the first bad block
    /// are kept, the rest computed again and written over it. Without it such a file is refused.
    #[arg(long, requires = "out")]
    pub repair: bool,
    /// With --values N: print the frequency of each value over heaps 1..=N (one `value
    /// frequency` line each), the largest value and where it first occurs, and the rare/common
    /// split with the fewest rare heaps (its mask, count and last rare heap).
    #[arg(long, requires = "values")]
    pub stats: bool,
    /// With --values N: write a plot of g(n) against n to FILE (SVG), the pre-period and period
    /// marked when they are proven from these values, e.g.
    /// `games octal 0.77 --values 200 --svg kayles.svg`.
    #[arg(long, value_name = "FILE", requires = "values")]
    pub svg: Option<PathBuf>,
    /// Print the exact period proven by the Guy-Smith theorem.
    #[arg(long)]
    pub period: bool,
    /// Largest heap examined when looking for the period.
    #[arg(long, default_value_t = 10_000)]
    pub max: u64,
}

/// `games grundy --values N [--out FILE] [--stats]`
#[derive(Debug, Args)]
pub struct GrundyArgs {
    /// Print the one-heap values of heaps 0..=N (N at most 1 000 000 without --allow-long,
    /// --out or --stats).
    #[arg(long, value_name = "N")]
    pub values: Option<u64>,
    /// With --values N: write the values to FILE (a value file named `grundy`, see
    /// docs/value-files.md) instead of printing them; a FILE that holds some already is checked
    /// and continued, so an interrupted run resumes, e.g.
    /// `games grundy --values 16777216 --out grundy.bin`.
    #[arg(long, value_name = "FILE", requires = "values")]
    pub out: Option<PathBuf>,
    /// With --out FILE: repair a damaged FILE (a block or the header failing its checksum, a
    /// file cut short, or one written without checksums): the values before the first bad block
    /// are kept, the rest computed again and written over it. Without it such a file is refused.
    #[arg(long, requires = "out")]
    pub repair: bool,
    /// With --values N: print the frequency of each value over heaps 1..=N (one `value
    /// frequency` line each), the largest value and where it first occurs, and the rare/common
    /// split with the fewest rare heaps (its mask, count and last rare heap).
    #[arg(long, requires = "values")]
    pub stats: bool,
}

/// `games misere CODE (--quotient | --heaps H...) [--max-heap N]`
#[derive(Debug, Args)]
pub struct MisereArgs {
    /// The octal code, e.g. 0.77 (Kayles), 0.75 or 0.07 (Dawson's Kayles).
    pub code: String,
    /// Print the misère quotient: order, P-portion, presentation, pretending function, period.
    #[arg(long, conflicts_with = "heaps")]
    pub quotient: bool,
    /// The misère outcome of this sum of heaps, and its winning moves.
    #[arg(long, num_args = 1.., value_name = "H")]
    pub heaps: Option<Vec<u64>>,
    /// Largest heap added while the periodicity test has not proven the quotient (at most 10000).
    #[arg(long, default_value_t = 300)]
    pub max_heap: u32,
}

/// A solving method of the rotation puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Method {
    /// Rotate 1, 2, ..., n-1 (n a power of two only).
    Fill,
    /// Gordon's sequencing (every even n).
    Empty,
    /// Randomised backtracking search.
    Search,
    /// Local search by swaps.
    Permute,
}

/// A counting kernel of `games rotation count` (both count the same sequencings; they share no
/// search code, so either confirms the other).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CountKernel {
    /// First and last rotation fixed, one pair per symmetry orbit (the fast one).
    TwoEnded,
    /// Rotations placed from the front only (the baseline, about 7 times slower at n = 18).
    DepthFirst,
}

/// `games table ...`
#[derive(Debug, Subcommand)]
pub enum TableCommand {
    /// The costliest values of a table file, copied to a file of at most N MiB that a later
    /// search loads like the whole one (what a search of days carries where the whole file
    /// cannot go: a machine that loses its disk, a repository).
    #[command(after_help = "Example: games table carry cram.tbl carry.tbl --max-mib 1")]
    Carry {
        /// The table file to read (written by `games cram --table`).
        from: PathBuf,
        /// The smaller table file to write (replaced whole or not at all; may be FROM).
        to: PathBuf,
        /// The most the file written may take, in MiB (exactly: header, entries and digest): the
        /// least class of work (powers of two) whose file fits is kept.
        #[arg(long, value_name = "N", required_unless_present = "class", conflicts_with = "class",
              value_parser = clap::value_parser!(u64).range(0..=(u64::MAX >> 20)))]
        max_mib: Option<u64>,
        /// Keep the entries of work at least 2^C instead, whatever the file's size.
        #[arg(long, value_name = "C", value_parser = clap::value_parser!(u8).range(0..=32))]
        class: Option<u8>,
    },
    /// The table files of several searches of one game (shards of a board, sittings on several
    /// machines) merged into one that a search loads like any other.
    #[command(after_help = "Example: games table merge all.tbl shard-0.tbl shard-1.tbl")]
    Merge {
        /// The table file to write (replaced whole or not at all; may be one of FROM).
        to: PathBuf,
        /// The table files to merge, all of one game.
        #[arg(required = true, num_args = 1..)]
        from: Vec<PathBuf>,
    },
}

/// `games rotation ...`
#[derive(Debug, Subcommand)]
pub enum RotationCommand {
    /// One solution of the puzzle with N slots.
    #[command(after_help = "Example: games rotation solve 12")]
    Solve {
        /// Number of slots (even, >= 2).
        n: u64,
        /// Method; by default the fastest that applies.
        #[arg(long, value_enum)]
        method: Option<Method>,
        /// Put the white pin (moved last) in this disc slot.
        #[arg(long, value_name = "SLOT")]
        white: Option<u64>,
        /// Seed of the randomised methods.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Budget (nodes or steps) of the searches, at most 20 000 000 (the default) without
        /// --allow-long.
        #[arg(long, default_value_t = crate::limits::MAX_SEARCH_BUDGET,
              value_parser = clap::value_parser!(u64).range(1..))]
        budget: u64,
    },
    /// The number of solutions (sequencings of Z_N); with --out, one shard as a resumable batch job.
    #[command(after_help = "Example: games rotation count 12 --out count12.json")]
    Count {
        /// Number of slots (2..=64; odd N have no solution).
        n: u64,
        /// Also count by the disc slot of the white pin.
        #[arg(long)]
        by_white_slot: bool,
        /// Count the solutions for every start angle of the blue pins instead: the disc's
        /// blue pin in disc slot a = 0..=N-1 (the standard puzzle is a = N/2); about N times the work
        /// of one count. Shards and --out work as for the count of the standard puzzle.
        #[arg(long, conflicts_with = "by_white_slot")]
        by_start_angle: bool,
        /// Only shard I of K of the search (counts of all shards add up), e.g. 3/16.
        #[arg(long, value_name = "I/K")]
        shard: Option<String>,
        /// Write the shard's result to FILE (atomically); if FILE already holds this shard,
        /// report it and count nothing (`games rotation merge` adds the files).
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// Cut the search into tasks at this depth (default by N: 1 up to 8, 2 up to 12, 3 up to
        /// 16, 4 up to 20, else 5); all shards of one count must use the same depth.
        #[arg(long, value_name = "D", value_parser = clap::value_parser!(u64).range(1..=6))]
        prefix_depth: Option<u64>,
        /// Counting kernel; shard files record it and shards of one count must share it.
        #[arg(long, value_enum, default_value_t = CountKernel::TwoEnded)]
        method: CountKernel,
    },
    /// Add shard files written by `count --out` into the full count, checked.
    #[command(after_help = "Example: games rotation merge count12.json")]
    Merge {
        /// The shard files, one for each shard 0/K .. K-1/K of one count.
        #[arg(required = true, num_args = 1.., value_name = "FILE")]
        files: Vec<PathBuf>,
    },
    /// Draw a solution move by move as an SVG picture.
    #[command(after_help = "Example: games rotation draw 8 --svg rotation8.svg")]
    Draw {
        /// Number of slots (even, 2..=64).
        n: u64,
        /// The SVG file to write.
        #[arg(long, value_name = "FILE", required = true)]
        svg: PathBuf,
        /// Method used to find the solution drawn.
        #[arg(long, value_enum)]
        method: Option<Method>,
    },
}

/// `games graph FILE`
#[derive(Debug, Args)]
pub struct GraphArgs {
    /// An edge list (`a b` per line, `#` comments) or a DOT digraph (`digraph { a -> b }`);
    /// `-` reads standard input.
    pub file: PathBuf,
    /// Print the graph as DOT with a kernel (the P-positions if acyclic) filled black.
    #[arg(long)]
    pub dot: bool,
    /// List at most this many kernels (loopy graphs can have exponentially many).
    #[arg(long, default_value_t = 16)]
    pub max_kernels: usize,
    /// Give up a kernel search or the generalised Grundy labelling after this many steps (about
    /// one per arc looked at); default 100 000 000, none with --allow-long.
    #[arg(long)]
    pub max_steps: Option<u64>,
}

/// `games play ...`
#[derive(Debug, Subcommand)]
pub enum PlayCommand {
    /// Wythoff's game from (X, Y); you move first, type the position you move to: `x y`.
    #[command(after_help = "Example: games play wythoff 4 5")]
    Wythoff {
        /// First heap.
        x: u64,
        /// Second heap.
        y: u64,
        /// Misère play: whoever takes the last counter loses.
        #[arg(long)]
        misere: bool,
    },
    /// Nim; you move first, type `heap amount` (heaps numbered from 1).
    #[command(after_help = "Example: games play nim 3 4 5")]
    Nim {
        /// Heap sizes.
        #[arg(required = true, num_args = 1..)]
        heaps: Vec<u64>,
        /// Misère play: whoever takes the last counter loses.
        #[arg(long)]
        misere: bool,
    },
    /// An octal game in misère play (the last player to move loses) from heaps H...; you move
    /// first, type `heap take` or `heap take part` (split what is left into part + the rest).
    /// The program's moves and advice come from the misère quotient, computed up to the largest
    /// heap (or proven for all): a code whose quotient cannot be computed within the limits
    /// (e.g. 0.3122 from heap 7 on) is refused with a one-line error.
    #[command(after_help = "Example: games play octal 0.77 5 3 --misere")]
    Octal {
        /// The octal code, e.g. 0.77 (Kayles) or 0.75.
        code: String,
        /// Heap sizes (at most 1000 heaps of 100000 counters in all).
        #[arg(required = true, num_args = 1..)]
        heaps: Vec<u64>,
        /// Misère play: whoever makes the last move loses (required: normal play of octal
        /// games is not offered here).
        #[arg(long)]
        misere: bool,
    },
    /// Solve the rotation puzzle with N slots: type a rotation k, `hint`, `undo`.
    #[command(after_help = "Example: games play rotation 4")]
    Rotation {
        /// Number of slots (even, 2..=64).
        n: u64,
    },
}

/// How `games cram` and `games node-kayles` search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SearchMethod {
    /// The nimber by aspiration sets: "is it 0? 1? ..." in turn, each a pruned one-value search (Beling).
    Aspiration,
    /// The nimber by the pruned search (Beling and Rogalski).
    Pruned,
    /// The nimber by the plain mex of every option (no pruning).
    Mex,
    /// Only the outcome (P or N), which prunes most.
    Outcome,
}

/// `games cram ROWS COLS`
#[derive(Debug, Args)]
pub struct CramArgs {
    /// Rows of the board (rows x columns at most 128 cells).
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// Search method.
    #[arg(long, value_enum, default_value_t = SearchMethod::Aspiration)]
    pub method: SearchMethod,
    /// Give up after this many positions expanded (no limit by default: a limit that gives the
    /// same answer on every machine, for scripts).
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Give up after this many seconds of search (default 10; none with --allow-long).
    #[arg(long, value_name = "S", value_parser = clap::value_parser!(u64).range(1..=MAX_SECONDS))]
    pub max_seconds: Option<u64>,
    /// Value only shard I of K of the board's first moves (the nimber is the mex of all
    /// shards' values: see --merge), e.g. 3/16.
    #[arg(long, value_name = "I/K", conflicts_with_all = ["merge", "method"])]
    pub shard: Option<String>,
    /// With --shard: write the shard's values to FILE (JSON) for --merge, after each first
    /// move valued; a run whose FILE holds part of this shard goes on from it (and one that
    /// holds all of it only reports it).
    #[arg(long, value_name = "FILE", requires = "shard")]
    pub out: Option<PathBuf>,
    /// With --shard: ask each first move only whether its value is 0, 1, ..., C - 1 (values
    /// from C on are not needed when the nimber is below C; --merge says when it is not).
    #[arg(long, value_name = "C", requires = "shard")]
    pub cap: Option<u32>,
    /// With --shard: ask each first move only whether its value is V (one question each: the
    /// last the whole search asks when the nimber is V). Values below V found on the way are
    /// kept; --merge with shards of this and other cuts or caps then proves the nimber V, or
    /// says what is missing.
    #[arg(long, value_name = "V", requires = "shard", conflicts_with = "cap")]
    pub only: Option<u32>,
    /// The nimber of the board from the files of its shards (written by --shard I/K --out):
    /// every shard of one cut, or shards of several cuts and questions that together settle it.
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with = "method")]
    pub merge: Vec<PathBuf>,
    /// Start from the values saved in FILE (if it exists) and save the search's values there
    /// when it answers, stops at --max-nodes or is stopped by Ctrl-C: run the same command
    /// again to go on. Any Cram board's file serves any other board, and any shard's; with
    /// --shard, give each shard its own FILE.
    #[arg(long, value_name = "FILE", conflicts_with = "merge")]
    pub table: Option<PathBuf>,
    /// With --table: also save the values every SECONDS seconds while searching (1 to
    /// 31536000; default 600), so a kill, a crash or a power cut loses at most that much.
    #[arg(long, value_name = "SECONDS", requires = "table", value_parser = clap::value_parser!(u64).range(1..=31_536_000))]
    pub save_every: Option<u64>,
}

/// `games chomp ROWS COLS`
#[derive(Debug, Args)]
pub struct ChompArgs {
    /// Rows of the board (1 to 32).
    pub rows: usize,
    /// Columns of the board (1 to 32).
    pub cols: usize,
    /// Search method (pruned by default: Chomp's nimbers are large, and the aspiration search
    /// asks "is it 0? 1? ..." once per value below).
    #[arg(long, value_enum, default_value_t = SearchMethod::Pruned)]
    pub method: SearchMethod,
    /// Give up after this many positions expanded (no limit by default: a limit that gives the
    /// same answer on every machine, for scripts).
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Give up after this many seconds of search (default 10; none with --allow-long).
    #[arg(long, value_name = "S", value_parser = clap::value_parser!(u64).range(1..=MAX_SECONDS))]
    pub max_seconds: Option<u64>,
}

/// `games node-kayles FILE`
#[derive(Debug, Args)]
pub struct NodeKaylesArgs {
    /// An edge list (`a b` per line, `#` comments) or a DOT graph, as `games graph` reads them.
    pub file: PathBuf,
    /// Search method.
    #[arg(long, value_enum, default_value_t = SearchMethod::Aspiration)]
    pub method: SearchMethod,
    /// Give up after this many positions expanded (no limit by default: a limit that gives the
    /// same answer on every machine, for scripts).
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Give up after this many seconds of search (default 10; none with --allow-long).
    #[arg(long, value_name = "S", value_parser = clap::value_parser!(u64).range(1..=MAX_SECONDS))]
    pub max_seconds: Option<u64>,
}
