//! The claims of game-nim's octal table (issue 35): the solved games of the published tables
//! reproduced with the figures they quote (OT1-OT10), the errata of the published tables (codes
//! listed unsolved that are solved, OT11-OT12; equivalences that do not hold, OT13-OT15) and
//! every row of a published table of trivial games (OT16), and codes listed unsolved found
//! periodic when the unsolved codes were pushed further (OT17, OT18). Each is computed twice, by methods
//! that share no code:
//!
//! 1. game-nim's rare/common kernel ([`OctalGame::grundy_table_within`]) and its Guy-Smith
//!    period search ([`guy_smith_periodicity_within`]);
//! 2. the values by the definition, written for these claims in `tests/octal_definition/` (the
//!    mex over every option; for the long games with the rare/common shortcut of
//!    Gangolli-Plambeck and Flammenkamp, exact for every mask, with bitsets so that the longest
//!    proof takes seconds rather than minutes), and the Guy-Smith theorem's hypothesis checked on
//!    them by `examples/octal_period_record/check.rs` (written apart from game-nim's period code).
//!
//! `cargo test -p game-nim` checks the quick bounds; `cargo xtask verify --claim OT10` (say)
//! checks one claim at full bounds and rewrites its snapshot after a deliberate change.

#[path = "../examples/octal_period_record/check.rs"]
mod check;
mod octal_definition;

use check::{first_difference, prove_periodicity};
use game_nim::{Limits, OctalGame, guy_smith_periodicity_within};
use game_verify::{Claim, ClaimsTest, Evidence, Expected, Scale, Tally};
use octal_definition::{PLAIN, Shortcut, digits, values_by_definition};

/// The heaps both methods compare at quick scale for the long games (whose proof needs
/// millions of heaps): a prefix, with no period claimed from it.
const QUICK_PREFIX: usize = 1 << 14;

/// The memory budget of the kernel's table: the longest proof (0.354) reads about 2 * 10^7
/// heaps, one byte each in the narrow table and four in its `u32` copy.
const KERNEL_BYTES: u128 = 1 << 30;

/// A solved game and the figures a published table gives for it.
struct Published {
    code: &'static str,
    preperiod: usize,
    period: usize,
    /// The largest value of heaps `1..preperiod + period` and its first heap.
    largest: (u32, usize),
    shortcut: Shortcut,
}

/// The check of one claim: both methods over the heaps the Guy-Smith proof of the published
/// figures reads (`2 n0 + 2 p + t`), or over [`QUICK_PREFIX`] heaps at quick scale when that is
/// fewer (`full_only`).
fn solved_game(game: &Published, scale: Scale, full_only: bool) -> Evidence {
    let octal: OctalGame = game.code.parse().expect("a valid octal code");
    let t = octal.max_take();
    let proof_heaps = 2 * game.preperiod + 2 * game.period + t;
    let heaps = if full_only { scale.pick(QUICK_PREFIX.min(proof_heaps), proof_heaps) } else { proof_heaps };
    let limits = Limits { max_bytes: KERNEL_BYTES, ..Limits::UNLIMITED };
    let kernel = octal.grundy_table_within(heaps as u64 - 1, &limits).expect("within the budget").to_vec();
    let definition = values_by_definition(&digits(game.code), heaps, game.shortcut);
    let mut tally = Tally::new();
    tally.record(&definition);
    for (n, (&fast, &plain)) in kernel.iter().zip(&definition).enumerate() {
        tally.case(fast == plain, || format!("heap {n}: kernel {fast}, definition {plain}"));
    }
    tally.case(kernel.len() == heaps && definition.len() == heaps, || "a table is short".to_string());
    if heaps < proof_heaps {
        return Evidence {
            bound: format!(
                "heaps 0..{heaps} compared (the proof reads heaps 0..{proof_heaps}: full scale only)"
            ),
            tally,
        };
    }
    let published = (game.preperiod, game.period);
    let found = guy_smith_periodicity_within(&kernel, t, &Limits::UNLIMITED).expect("no step limit");
    let found = found.map(|p| (p.preperiod, p.period));
    tally.record(&found);
    tally.case(found == Some(published), || {
        format!("the kernel's Guy-Smith search finds {found:?}, published {published:?}")
    });
    match prove_periodicity(&definition, game.preperiod, game.period, t) {
        Ok(proof) => {
            tally.record(&(proof.range, proof.comparisons, &proof.minimality));
            tally.case(true, String::new);
        }
        Err(failure) => tally.case(false, || format!("the definition's values: {failure}")),
    }
    let known = &definition[1..game.preperiod + game.period];
    let largest = known.iter().copied().max().unwrap_or(0);
    let at = 1 + known.iter().position(|&v| v == largest).unwrap_or(0);
    tally.case((largest, at) == game.largest, || {
        format!("largest value {largest} first at heap {at}, published {:?}", game.largest)
    });
    Evidence {
        bound: format!("heaps 0..{heaps}, the Guy-Smith range n0 <= n < 2 n0 + p + t and one period more"),
        tally,
    }
}

/// The check of a published equivalence that does not hold: the values of codes `a` and `b`
/// by both methods, and the first heap where they differ, which must be `first` (with the two
/// values there), and no shift by one heap either way makes them equal. Also `equal`: a code
/// whose values are those of `a` at every heap (both periods proven on the check's values, with
/// equal values of one pre-period and period).
fn differ_first_at(
    a: &str,
    b: &str,
    first: (usize, u32, u32),
    equal: Option<(&str, usize, usize)>,
) -> Evidence {
    let heaps = 1000;
    let mut tally = Tally::new();
    let mut of = |code: &str| {
        let octal: OctalGame = code.parse().expect("a valid octal code");
        let kernel =
            octal.grundy_table_within(heaps as u64 - 1, &Limits::UNLIMITED).expect("a small table").to_vec();
        let definition = values_by_definition(&digits(code), heaps, PLAIN);
        tally.record(&(code, &definition));
        for (n, (&fast, &plain)) in kernel.iter().zip(&definition).enumerate() {
            tally.case(fast == plain, || format!("{code}, heap {n}: kernel {fast}, definition {plain}"));
        }
        (kernel, definition)
    };
    let ((kernel_a, plain_a), (kernel_b, plain_b)) = (of(a), of(b));
    let equal_other = equal.map(|(code, preperiod, period)| (code, preperiod, period, of(code).1));
    let differ = |x: &[u32], y: &[u32]| first_difference(x, y).map(|n| (n, x[n], y[n]));
    for (method, x, y) in [("kernel", &kernel_a, &kernel_b), ("definition", &plain_a, &plain_b)] {
        let found = differ(x, y);
        tally.case(found == Some(first), || {
            format!("{a} and {b} by the {method}: first difference {found:?}")
        });
    }
    for (x, y, which) in [(&plain_a, &plain_b, "later"), (&plain_b, &plain_a, "earlier")] {
        let shifted_equal = (1..heaps).all(|n| x[n] == y[n - 1]);
        tally.case(!shifted_equal, || format!("{a} is {b} shifted one heap {which}"));
    }
    if let Some((code, preperiod, period, plain_c)) = equal_other {
        let t = |code: &str| code.parse::<OctalGame>().expect("a valid octal code").max_take();
        for (name, values) in [(a, &plain_a), (code, &plain_c)] {
            let proof = prove_periodicity(values, preperiod, period, t(name));
            tally.case(proof.is_ok(), || format!("{name}: {proof:?}"));
        }
        let same = plain_a[..preperiod + period] == plain_c[..preperiod + period];
        tally.case(same, || format!("{a} and {code} differ before heap {}", preperiod + period));
    }
    Evidence { bound: format!("heaps 0..{heaps} of each code"), tally }
}

/// The rows of tczajka/octal-games' `TrivialGames.md` (commit 30baeb7), copied verbatim: game,
/// prefix (pre-period), period, and the values of heaps `0..prefix + period` (one digit a value,
/// base 36, the period in parentheses).
const TRIVIAL_GAMES: &str = "\
4     |      1 |      2 | 0(01)
.1    |      2 |      1 | 01(0)
.4    |     54 |     34 | 000112031103322405223301130211045274011203110332244552(3301130211045374811203110332244559)
.02   |      1 |      4 | 0(0011)
.11   |      3 |      1 | 011(0)
.12   |      1 |      4 | 0(1001)
.15   |      1 |     10 | 0(1101122122)
.17   |     33 |     34 | 011021301132234153223110312011442(6411021301132234457223110312011443)
.22   |      1 |      3 | 0(012)
.26   |      1 |      4 | 0(0123)
.31   |      3 |      2 | 012(01)
.32   |      1 |      3 | 0(102)
.34   |      7 |      8 | 0101201(03121203)
.35   |      1 |      6 | 0(120102)
.44   |    143 |     24 | 00011223311443322114422664411227711443322114466774411228855447722118866774411223311447722118822774411228811447722114422774411228811447722118866(774411228811447722118822)
.51   |      1 |      1 | 0(1)
.52   |      4 |      4 | 0102(2103)
.53   |     11 |      9 | 01122102240(122112241)
.54   |      3 |      7 | 010(1222411)
.57   |      1 |      4 | 0(1122)
.71   |      3 |      2 | 012(10)
.72   |      1 |      4 | 0(1023)
.75   |      1 |      2 | 0(12)
.77   |     71 |     12 | 01231432142641271432146741285472186741231472182741281472142741281472186(741281472182)
4.3   |      2 |      2 | 01(20)
.002  |      1 |      6 | 0(000111)
.017  |     15 |     60 | 001112023114045(132021114026164041112026154046132021118026164041112026114046)
.022  |      1 |      5 | 0(00112)
.044  |    214 |     36 | 0000111222333111444333222111444222666444111222777111444333222111444666777444111222888555444777222111888666777444111222333111444777222111888222777444111222888111444777222111444222777444111222888111444777222111888666(777444111222888111444777222111888222)
.045  |    189 |     32 | 000111222331114443322211144222664441112227711144433222111448627744411122288851444772221118886277444111222381114447722211188222774441112228811144477222111442227744411122288111444772221118886(27744411122288111444772221118822)
.051  |     48 |     48 | 001110221340111322234015432223101043222010104325(401010232340101323234010432323101043232010104323)
.055  |    259 |    148 | 0011122231114443222111422264441112227111444322211148227444111222781144472221114422774411122277111447222111448227441112227781144722211144422774111222777111442221114448227411122274781144722111444812744112227478111442211144481224411122744411184721114447112844112(2744411184421114447212844111274441118447111444721114442127441112244781144472111444811744411127478114447211144481124441112744411174721114447112844111)
.101  |      4 |      1 | 0101(0)
.102  |      1 |      6 | 0(100011)
.111  |      4 |      1 | 0111(0)
.112  |      1 |      6 | 0(110001)
.115  |      1 |     14 | 0(11101112221222)
.116  |    139 |     96 | 011002120211044152411204120411544252021544858282524A1A0A52425114051202114A514201120A120A1189818201120A12061104415241120415041152425A0A15428(58285524A1A0A52425114051202114A514201120A120A818981C201120A12061104415241120415041152425A0A1542C)
.121  |      4 |      4 | 0102(1001)
.122  |      1 |      5 | 0(10021)
.123  |      5 |      5 | 01022(10021)
.124  |    122 |     62 | 01001102130213011302332234250425322332031103120312011405547264750411021302130113023322746544557263320311031203120114055473(64758411021302130113023322746544557963320311031203120114055475)
.131  |      4 |      4 | 0112(0011)
.132  |      1 |      5 | 0(11002)
.134  |     60 |     62 | 011001120312031103122332243514352233221301130213021104154462(74651401120312031103122332647544756273221301130213021104154463)
.141  |     14 |     11 | 01011012212410(11212212412)
.144  |      4 |     10 | 0100(1222244111)
.145  |      3 |      9 | 010(112222411)
.147  |      3 |      8 | 010(12224411)
.152  |      2 |     48 | 01(102220104323101322401042231013234010222010432340)
.153  |     16 |     14 | 0111222110222440(11222111222441)
.154  |      4 |     11 | 0110(11222224111)
.157  |      1 |      6 | 0(111222)
.171  |     12 |     11 | 011221102140(11221122142)
.173  |     21 |     40 | 011223104320112235143(2211023741322104627401223104620112275147)
.176  |     24 |      8 | 011022344116223441166332(41166334)
.226  |     21 |      5 | 001234012345123451230(51234)
.312  |      5 |      2 | 01202(01)
.316  |      4 |     12 | 0120(212301030123)
.331  |      4 |      3 | 0123(012)
.332  |      1 |      4 | 0(1203)
.351  |      1 |      8 | 0(12120102)
.353  |      4 |      2 | 0121(20)
.373  |      2 |     28 | 01(2340123415231472104321402640)
.375  |     37 |     18 | 0123124321342748148124814381482148148(124814781482148174)
.512  |      3 |      6 | 011(122210)
.524  |      1 |     52 | 0(1022104416701226144618701876147610781674107210781678)
.532  |      7 |      5 | 0112240(12241)
.536  |      1 |      5 | 0(11224)
.772  |      8 |      4 | 01234162(4163)
4.12  |      6 |      7 | 011220(4211221)
4.72  |      1 |      3 | 0(124)
4.005 |     31 |     79 | 0012123145132121527526126268458(3615156158158656541821856567281216515813212162682812128158132121826826121261461)
4.024 |      2 |     60 | 00(12314314214264164134132142842812314314614624124134132182B82B)
4.102 |      8 |     10 | 01112220(4421112221)
4.122 |      6 |      7 | 011220(4311224)
4.304 |     25 |     21 | 0120212461528156261625186(8182615261582816251B2)
4.323 |      4 |      4 | 0124(3021)
4.444 |    143 |     24 | 00123456732897654328945CD982345FE328976543289DCFE982345GHAB89EF5432GHDCFE982345673289EF5432GH45FE982345GH3289EF54328945FE982345GH3289EF5432GHDC(FE982345GH3289EF5432GH45)
4.722 |      4 |      4 | 0124(6125)
4.726 |      5 |     16 | 01246(12741824187B1248)
4.766 |     19 |     20 | 01246128A1D2G14DE18(4D12481DG8142D148D1G)
";

/// Every row of [`TRIVIAL_GAMES`]: the kernel's Guy-Smith search finds the row's pre-period and
/// period from heaps below 1000, and the plain definition's values of the heaps the proof reads
/// prove them and are the row's values.
fn trivial_rows(_scale: Scale) -> Evidence {
    let mut tally = Tally::new();
    let mut rows = 0;
    for line in TRIVIAL_GAMES.lines() {
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let [game, prefix, period, values] = fields[..] else { panic!("a row of four fields: {line}") };
        let code =
            if game.contains('.') { format!("0{game}").replace("04.", "4.") } else { format!("{game}.0") };
        let (preperiod, period): (usize, usize) = (prefix.parse().unwrap(), period.parse().unwrap());
        let published: Vec<u32> = values.chars().filter_map(|c| c.to_digit(36)).collect();
        let octal: OctalGame = code.parse().expect("a valid octal code");
        let t = octal.max_take();
        let kernel = octal.grundy_table_within(999, &Limits::UNLIMITED).expect("a small table").to_vec();
        let found = guy_smith_periodicity_within(&kernel, t, &Limits::UNLIMITED).expect("no step limit");
        let found = found.map(|p| (p.preperiod, p.period));
        tally.record(&(&code, found));
        tally.case(found == Some((preperiod, period)), || {
            format!("{code}: the kernel finds {found:?}, published ({preperiod}, {period})")
        });
        let heaps = (2 * preperiod + 2 * period + t).max(preperiod + period);
        let definition = values_by_definition(&digits(&code), heaps, PLAIN);
        tally.record(&definition);
        let proof = prove_periodicity(&definition, preperiod, period, t);
        tally.case(proof.is_ok(), || format!("{code}: the definition's values: {proof:?}"));
        let ours = &definition[..preperiod + period];
        tally.case(ours == published.as_slice(), || {
            format!(
                "{code}: values {:?}, published {:?} (first difference at heap {:?})",
                ours,
                published,
                first_difference(ours, &published)
            )
        });
        rows += 1;
    }
    Evidence { bound: format!("the {rows} rows of TrivialGames.md"), tally }
}

/// tczajka/octal-games, `SolvedGames.md` (commit 30baeb7), for the published solved games.
const TCZAJKA: &str = "T. Czajka, octal-games, SolvedGames.md (commit 30baeb7)";

const DAWSON: Published =
    Published { code: "0.45", preperiod: 498, period: 20, largest: (8, 37), shortcut: PLAIN };
const KENYON: Published =
    Published { code: "0.156", preperiod: 3479, period: 349, largest: (23, 1032), shortcut: PLAIN };
const AUSTIN_356: Published =
    Published { code: "0.356", preperiod: 7315, period: 142, largest: (19, 86), shortcut: PLAIN };
const AUSTIN_644: Published =
    Published { code: "0.644", preperiod: 3256, period: 442, largest: (64, 333), shortcut: PLAIN };
const AUSTIN_165: Published =
    Published { code: "0.165", preperiod: 5181, period: 1550, largest: (25, 620), shortcut: PLAIN };
const GP_16: Published = Published {
    code: "0.16",
    preperiod: 105_351,
    period: 149_459,
    largest: (23, 229_790),
    shortcut: Shortcut { mask: 0x1e, by_parity: false },
};
const GP_56: Published = Published {
    code: "0.56",
    preperiod: 326_640,
    period: 144,
    largest: (64, 22_778),
    shortcut: Shortcut { mask: 0x5b, by_parity: false },
};
const GP_127: Published =
    Published { code: "0.127", preperiod: 46_578, period: 4, largest: (56, 24_734), shortcut: PLAIN };
const GP_376: Published = Published {
    code: "0.376",
    preperiod: 2_268_248,
    period: 4,
    largest: (176, 341_612),
    shortcut: Shortcut { mask: 0xfe, by_parity: false },
};
const FLAMMENKAMP_354: Published = Published {
    code: "0.354",
    preperiod: 10_061_916,
    period: 1180,
    largest: (113, 1152),
    shortcut: Shortcut { mask: 0x3f, by_parity: false },
};
/// Found solved by the table (records/octal-table.json); listed unsolved by tczajka's
/// `UnsolvedGames.md`.
const FOUND_4344: Published =
    Published { code: "4.344", preperiod: 998, period: 51, largest: (35, 190), shortcut: PLAIN };
const FOUND_4364: Published =
    Published { code: "4.364", preperiod: 11_687, period: 62, largest: (33, 2141), shortcut: PLAIN };
/// Found periodic when the unsolved codes were pushed past the table (records/octal-unsolved/,
/// tczajka's analyze found the same period there); listed unsolved by tczajka's
/// `UnsolvedGames.md`. Its split takes are 0, 2 and 3 (no shared parity); mask 0x6b is the one
/// tczajka's program chose.
const FOUND_4064: Published = Published {
    code: "4.064",
    preperiod: 94_272,
    period: 16_132,
    largest: (111, 19_114),
    shortcut: Shortcut { mask: 0x6b, by_parity: false },
};

/// Found periodic when the unsolved codes were pushed to 2^28 heaps (records/octal-unsolved/:
/// the kernel's Guy-Smith search at 2^20 heaps); listed unsolved by tczajka's
/// `UnsolvedGames.md`, though its `analyze` run to 2^20 heaps finds the same period at its last
/// check. Split takes 0, 1 and 3 (no shared parity); mask 0x3b is the table's
/// (records/octal-table.json).
const FOUND_4406: Published = Published {
    code: "4.406",
    preperiod: 294_097,
    period: 44,
    largest: (50, 231_573),
    shortcut: Shortcut { mask: 0x3b, by_parity: false },
};

const KERNEL: &str = "game-nim's rare/common kernel and its Guy-Smith period search";
const DEFINITION: &str = "the plain definition (mex over every option) written in the check, the theorem's hypothesis checked on its values";
const KERNEL_VALUES: &str = "game-nim's rare/common kernel, first difference of its values";
const PLAIN_VALUES: &str =
    "the plain definition (mex over every option) written in the check, first difference of its values";
const DEFINITION_RARE: &str = "the definition with the rare/common shortcut written in the check (its own mask), the theorem's hypothesis checked on its values";

/// A claim that is expected to hold.
fn solved(
    id: &'static str,
    statement: &'static str,
    source: &'static str,
    methods: [&'static str; 2],
    check: fn(Scale) -> Evidence,
) -> Claim {
    Claim { id, statement, source, methods, expected: Expected::Holds, check }
}

/// The claims, in the order of `docs/claims.md`.
fn claims_of_the_octal_table() -> Vec<Claim> {
    vec![
        solved(
            "OT1",
            "0.45 (Dawson's chess variant of the table) has pre-period 498 and period 20, largest value 8 first at heap 37",
            TCZAJKA,
            [KERNEL, DEFINITION],
            |s| solved_game(&DAWSON, s, false),
        ),
        solved(
            "OT2",
            "0.156 has pre-period 3479 and period 349, largest value 23 first at heap 1032",
            "Kenyon 1967; T. Czajka, octal-games, SolvedGames.md (commit 30baeb7)",
            [KERNEL, DEFINITION],
            |s| solved_game(&KENYON, s, false),
        ),
        solved(
            "OT3",
            "0.356 has pre-period 7315 and period 142, largest value 19 first at heap 86",
            "Austin 1976; T. Czajka, octal-games, SolvedGames.md (commit 30baeb7)",
            [KERNEL, DEFINITION],
            |s| solved_game(&AUSTIN_356, s, false),
        ),
        solved(
            "OT4",
            "0.644 has pre-period 3256 and period 442, largest value 64 first at heap 333",
            "Austin 1976; T. Czajka, octal-games, SolvedGames.md (commit 30baeb7)",
            [KERNEL, DEFINITION],
            |s| solved_game(&AUSTIN_644, s, false),
        ),
        solved(
            "OT5",
            "0.165 has pre-period 5181 and period 1550, largest value 25 first at heap 620",
            "Austin 1976; T. Czajka, octal-games, SolvedGames.md (commit 30baeb7)",
            [KERNEL, DEFINITION],
            |s| solved_game(&AUSTIN_165, s, false),
        ),
        solved(
            "OT6",
            "0.16 has pre-period 105351 and period 149459, largest value 23 first at heap 229790",
            "Gangolli and Plambeck 1989; T. Czajka, octal-games, SolvedGames.md (commit 30baeb7)",
            [KERNEL, DEFINITION_RARE],
            |s| solved_game(&GP_16, s, true),
        ),
        solved(
            "OT7",
            "0.56 has pre-period 326640 and period 144, largest value 64 first at heap 22778",
            "Gangolli and Plambeck 1989; T. Czajka, octal-games, SolvedGames.md (commit 30baeb7)",
            [KERNEL, DEFINITION_RARE],
            |s| solved_game(&GP_56, s, true),
        ),
        solved(
            "OT8",
            "0.127 has pre-period 46578 and period 4, largest value 56 first at heap 24734",
            "Gangolli and Plambeck 1989; T. Czajka, octal-games, SolvedGames.md (commit 30baeb7)",
            [KERNEL, DEFINITION],
            |s| solved_game(&GP_127, s, true),
        ),
        solved(
            "OT9",
            "0.376 has pre-period 2268248 and period 4, largest value 176 first at heap 341612",
            "Gangolli and Plambeck 1989; T. Czajka, octal-games, SolvedGames.md (commit 30baeb7)",
            [KERNEL, DEFINITION_RARE],
            |s| solved_game(&GP_376, s, true),
        ),
        solved(
            "OT10",
            "0.354 has pre-period 10061916 and period 1180, largest value 113 first at heap 1152",
            "Flammenkamp 2002; T. Czajka, octal-games, SolvedGames.md (commit 30baeb7)",
            [KERNEL, DEFINITION_RARE],
            |s| solved_game(&FLAMMENKAMP_354, s, true),
        ),
        solved(
            "OT11",
            "4.344, listed unsolved by a published table, has pre-period 998 and period 51, largest value 35 first at heap 190",
            "our own (records/octal-table.json); T. Czajka, octal-games, UnsolvedGames.md (commit 30baeb7) lists it unsolved",
            [KERNEL, DEFINITION],
            |s| solved_game(&FOUND_4344, s, false),
        ),
        solved(
            "OT12",
            "4.364, listed unsolved by a published table, has pre-period 11687 and period 62, largest value 33 first at heap 2141",
            "our own (records/octal-table.json); T. Czajka, octal-games, UnsolvedGames.md (commit 30baeb7) lists it unsolved",
            [KERNEL, DEFINITION],
            |s| solved_game(&FOUND_4364, s, false),
        ),
        solved(
            "OT13",
            "0.27 has the values of 0.26 at every heap (pre-period 1, period 4), not those of 0.06, which differ first at heap 2 (0.27: 1, 0.06: 0); no shift by one heap makes 0.27 and 0.06 equal",
            "Winning Ways' game locator maps .27 to .06; T. Czajka, octal-games, README.md (commit 30baeb7) corrects it to .26",
            [KERNEL_VALUES, PLAIN_VALUES],
            |_| differ_first_at("0.27", "0.06", (2, 1, 0), Some(("0.26", 1, 4))),
        ),
        solved(
            "OT14",
            "0.314 and 0.31 differ first at heap 5 (0.314: 2, 0.31: 0); no shift by one heap makes them equal",
            "Winning Ways' game locator maps .314 to .31; T. Czajka, octal-games, README.md (commit 30baeb7) says it should not",
            [KERNEL_VALUES, PLAIN_VALUES],
            |_| differ_first_at("0.314", "0.31", (5, 2, 0), None),
        ),
        solved(
            "OT15",
            "0.161 and 0.36 differ first at heap 519 (0.161: 2, 0.36: 4); no shift by one heap makes them equal",
            "Flammenkamp's table maps .161 to .36; T. Czajka, octal-games, README.md (commit 30baeb7): they first differ at heap 519",
            [KERNEL_VALUES, PLAIN_VALUES],
            |_| differ_first_at("0.161", "0.36", (519, 2, 4), None),
        ),
        solved(
            "OT16",
            "Every row of a published table of trivial octal games (82 codes) has the pre-period, period and values it gives",
            "T. Czajka, octal-games, TrivialGames.md (commit 30baeb7)",
            [KERNEL, DEFINITION],
            trivial_rows,
        ),
        solved(
            "OT17",
            "4.064, listed unsolved by a published table, has pre-period 94272 and period 16132, largest value 111 first at heap 19114",
            "our own (records/octal-unsolved/, scripts/octal-unsolved-check.sh); T. Czajka, octal-games, UnsolvedGames.md (commit 30baeb7) lists it unsolved",
            [KERNEL, DEFINITION_RARE],
            |s| solved_game(&FOUND_4064, s, true),
        ),
        solved(
            "OT18",
            "4.406, listed unsolved by a published table, has pre-period 294097 and period 44, largest value 50 first at heap 231573",
            "our own (records/octal-unsolved/: scripts/octal-unsolved.sh to 2^28 heaps); T. Czajka, octal-games, UnsolvedGames.md (commit 30baeb7) lists it unsolved",
            [KERNEL, DEFINITION_RARE],
            |s| solved_game(&FOUND_4406, s, true),
        ),
    ]
}

/// The plain definition and the shortcut written here agree (the mask decides only the speed),
/// on codes of every shape: a split digit at 0 (4.), splits at takes of both parities, and the
/// heap's parity joined to the mask where the split takes share one parity.
#[test]
fn the_checks_shortcut_equals_its_plain_definition() {
    for (code, mask, by_parity) in [
        ("0.6", 0x1, false),
        ("0.16", 0x1e, false),
        ("0.127", 0x1, true),
        ("4.364", 0x3e, false),
        ("0.137", 0x3, true),
    ] {
        let digits = digits(code);
        let plain = values_by_definition(&digits, 3000, PLAIN);
        assert_eq!(values_by_definition(&digits, 3000, Shortcut { mask, by_parity }), plain, "{code}");
        assert_eq!(
            values_by_definition(&digits, 3000, Shortcut { mask: 0x7, by_parity: false }),
            plain,
            "{code}"
        );
    }
}

/// The claims, checked against their insta snapshots (quick bounds by default;
/// `cargo xtask verify` runs this test at full bounds).
#[test]
fn claims() {
    ClaimsTest::new(claims_of_the_octal_table(), env!("CARGO_MANIFEST_DIR"))
        .rewrite_commands("cargo xtask verify --quick", "cargo xtask verify")
        .run();
}
