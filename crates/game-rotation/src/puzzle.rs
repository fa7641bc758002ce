//! The puzzle as a state machine (see [`Puzzle`] for coordinates and rules).

use fixedbitset::FixedBitSet;
use serde::Serialize;

use crate::RotationError;

/// A puzzle: its size, where the disc's blue pin starts, and where the white pin is, if any.
///
/// # Coordinates
///
/// * Board slots `0..n`, numbered in the direction the disc turns. Board slot 0 is the top and
///   holds the board's blue pin; slots `1..n` start free.
/// * The disc turns in one fixed direction; `rotation` is the total turn so far, mod n.
///   Disc slot `j` is the disc slot that lies under the top when `rotation == j`. At the start
///   (`rotation == 0`) disc slot 0 is under the top.
/// * The disc's blue pin sits in disc slot `blue_slot` (`n/2` in the seed's puzzle: opposite the
///   top). Every other disc slot holds a movable pin: red, or the white one if configured.
///
/// A move with rotation `k` in `1..n` takes the pin under the top (disc slot `rotation`), turns
/// the disc by `k` so that the pin stands over board slot `k`, and plugs it into board slot `k`,
/// which must be free. Then disc slot `rotation + k` is under the top. So a sequence
/// `k_1, ..., k_m` empties disc slots at the partial sums `S_0 = 0, S_1 = k_1, ...` and fills
/// board slots `k_1, ..., k_m`: the moves are legal iff the `k_i` are distinct and the partial
/// sums `S_0..S_{m-1}` are distinct and avoid `blue_slot` (R1).
///
/// The game goes on while a movable pin is under the top. It is won when no movable pin is left
/// on the disc, lost when the top shows an empty disc slot or the blue pin while movable pins
/// remain, or the white pin while other movable pins remain (R8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Puzzle {
    n: usize,
    blue_slot: usize,
    white_slot: Option<usize>,
}

/// Checks that `n` is a size with a puzzle: `n >= 2` and even (R1).
///
/// # Errors
/// [`RotationError::TooSmall`] for `n < 2`, [`RotationError::OddSize`] for odd `n`.
pub fn check_size(n: usize) -> Result<(), RotationError> {
    if n < 2 {
        Err(RotationError::TooSmall { n })
    } else if n % 2 == 1 {
        Err(RotationError::OddSize { n })
    } else {
        Ok(())
    }
}

impl Puzzle {
    /// The seed's puzzle with `n` slots: blue pins opposite each other, no white pin.
    ///
    /// # Errors
    /// [`RotationError::TooSmall`] for `n < 2`; [`RotationError::OddSize`] for odd `n`, which
    /// has no solution (R1).
    pub fn new(n: usize) -> Result<Self, RotationError> {
        check_size(n)?;
        Ok(Puzzle { n, blue_slot: n / 2, white_slot: None })
    }

    /// The same puzzle with the white pin in disc slot `slot` (R8): that pin may only be moved
    /// last.
    ///
    /// # Errors
    /// [`RotationError::SlotOutOfRange`] if `slot >= n`; [`RotationError::WhitePinOnBluePin`] if
    /// `slot` holds the blue pin.
    pub fn with_white_pin(self, slot: usize) -> Result<Self, RotationError> {
        if slot >= self.n {
            return Err(RotationError::SlotOutOfRange { slot, n: self.n });
        }
        if slot == self.blue_slot {
            return Err(RotationError::WhitePinOnBluePin { slot });
        }
        Ok(Puzzle { white_slot: Some(slot), ..self })
    }

    /// The same puzzle with the disc's blue pin in disc slot `slot` instead of `n/2`: another
    /// start angle between the blue pins, `slot * 360/n` degrees (R9). Slot 0 puts the blue pin
    /// under the top at the start, so the game is lost before it begins.
    ///
    /// # Errors
    /// [`RotationError::SlotOutOfRange`] if `slot >= n`; [`RotationError::WhitePinOnBluePin`] if
    /// the white pin is already in that slot.
    pub fn with_blue_slot(self, slot: usize) -> Result<Self, RotationError> {
        if slot >= self.n {
            return Err(RotationError::SlotOutOfRange { slot, n: self.n });
        }
        if self.white_slot == Some(slot) {
            return Err(RotationError::WhitePinOnBluePin { slot });
        }
        Ok(Puzzle { blue_slot: slot, ..self })
    }

    /// Number of slots of board and disc.
    pub fn n(&self) -> usize {
        self.n
    }

    /// Disc slot of the disc's blue pin (`n/2` unless changed).
    pub fn blue_slot(&self) -> usize {
        self.blue_slot
    }

    /// Disc slot of the white pin, if there is one.
    pub fn white_slot(&self) -> Option<usize> {
        self.white_slot
    }

    /// True for the seed's standard puzzle: blue pins opposite, no white pin.
    pub fn is_standard(&self) -> bool {
        self.blue_slot == self.n / 2 && self.white_slot.is_none()
    }

    /// The start state.
    pub fn start(&self) -> State {
        let mut board = FixedBitSet::with_capacity(self.n);
        board.insert(0);
        let mut disc = FixedBitSet::with_capacity(self.n);
        disc.insert_range(..);
        State { puzzle: *self, board, disc, rotation: 0, moves: 0 }
    }

    /// Plays `rotations` from the start and returns the state reached. O(n + m) for m moves.
    ///
    /// # Errors
    /// [`RotationError::AtMove`] naming the first move that breaks a rule and the rule.
    pub fn play(&self, rotations: &[usize]) -> Result<State, RotationError> {
        let mut state = self.start();
        for (index, &k) in rotations.iter().enumerate() {
            state.apply(k).map_err(|source| RotationError::AtMove { index, k, source: Box::new(source) })?;
        }
        Ok(state)
    }

    /// Checks that `rotations` solves the puzzle, by playing it on the state machine. O(n + m).
    ///
    /// # Errors
    /// [`RotationError::AtMove`] if a move breaks a rule, [`RotationError::NotWon`] if the
    /// sequence ends before the game is won.
    pub fn verify(&self, rotations: &[usize]) -> Result<(), RotationError> {
        let state = self.play(rotations)?;
        if state.is_won() {
            Ok(())
        } else {
            Err(RotationError::NotWon { moves: rotations.len(), pins_left: state.pins_left() })
        }
    }
}

/// Why a game is lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum LossReason {
    /// The top shows an empty disc slot while movable pins remain.
    EmptySlotAtTop,
    /// The top shows the disc's blue pin while movable pins remain.
    BluePinAtTop,
    /// The top shows the white pin while other movable pins remain.
    WhitePinTooEarly,
}

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Status {
    /// A movable pin is under the top and may be moved.
    Ongoing,
    /// No movable pin is left on the disc.
    Won,
    /// The game is over with movable pins left on the disc.
    Lost(LossReason),
}

/// A state of the puzzle: which board and disc slots hold pins, and the current rotation.
///
/// Two states are equal iff their puzzle, board, disc and rotation are equal (the automaton's
/// states, R2).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct State {
    puzzle: Puzzle,
    board: FixedBitSet,
    disc: FixedBitSet,
    rotation: usize,
    moves: usize,
}

impl State {
    /// The puzzle being played.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// True if board slot `slot` holds a pin (slot 0 always: the board's blue pin).
    pub fn board_taken(&self, slot: usize) -> bool {
        self.board.contains(slot)
    }

    /// True if disc slot `slot` holds a pin (blue, white or red).
    pub fn disc_taken(&self, slot: usize) -> bool {
        self.disc.contains(slot)
    }

    /// Total rotation so far, mod n; also the disc slot under the top.
    pub fn rotation(&self) -> usize {
        self.rotation
    }

    /// Number of moves made.
    pub fn moves(&self) -> usize {
        self.moves
    }

    /// Movable pins (red or white) still on the disc.
    pub fn pins_left(&self) -> usize {
        self.puzzle.n - 1 - self.moves
    }

    /// Where the game stands. O(1).
    pub fn status(&self) -> Status {
        if self.pins_left() == 0 {
            return Status::Won;
        }
        let top = self.rotation;
        if top == self.puzzle.blue_slot {
            Status::Lost(LossReason::BluePinAtTop)
        } else if !self.disc.contains(top) {
            Status::Lost(LossReason::EmptySlotAtTop)
        } else if self.puzzle.white_slot == Some(top) && self.pins_left() > 1 {
            Status::Lost(LossReason::WhitePinTooEarly)
        } else {
            Status::Ongoing
        }
    }

    /// True if every movable pin is on the board.
    pub fn is_won(&self) -> bool {
        self.status() == Status::Won
    }

    /// True if the game is over with movable pins left on the disc.
    pub fn is_lost(&self) -> bool {
        matches!(self.status(), Status::Lost(_))
    }

    /// Checks the rules for rotation `k` without changing the state. O(1).
    ///
    /// # Errors
    /// In this order: [`RotationError::GameAlreadyWon`], [`RotationError::RedPinMissing`],
    /// [`RotationError::WhitePinTooEarly`] if the game is over; then
    /// [`RotationError::RotationOutOfRange`] and [`RotationError::BoardSlotTaken`].
    pub fn check(&self, k: usize) -> Result<(), RotationError> {
        match self.status() {
            Status::Won => return Err(RotationError::GameAlreadyWon),
            Status::Lost(LossReason::BluePinAtTop) => {
                return Err(RotationError::RedPinMissing { disc_slot: self.rotation, blue_pin: true });
            }
            Status::Lost(LossReason::EmptySlotAtTop) => {
                return Err(RotationError::RedPinMissing { disc_slot: self.rotation, blue_pin: false });
            }
            Status::Lost(LossReason::WhitePinTooEarly) => {
                return Err(RotationError::WhitePinTooEarly { pins_left: self.pins_left() - 1 });
            }
            Status::Ongoing => {}
        }
        let n = self.puzzle.n;
        if k == 0 || k >= n {
            return Err(RotationError::RotationOutOfRange { k, n });
        }
        if self.board.contains(k) {
            return Err(RotationError::BoardSlotTaken { slot: k });
        }
        Ok(())
    }

    /// Applies rotation `k`: the pin under the top goes to board slot `k`. O(1).
    /// On error the state is unchanged.
    ///
    /// # Errors
    /// As [`State::check`].
    pub fn apply(&mut self, k: usize) -> Result<(), RotationError> {
        self.check(k)?;
        self.disc.set(self.rotation, false);
        self.board.insert(k);
        self.rotation = (self.rotation + k) % self.puzzle.n;
        self.moves += 1;
        Ok(())
    }

    /// The state after rotation `k`, leaving `self` unchanged. O(n) (copies the bitsets).
    ///
    /// # Errors
    /// As [`State::check`].
    pub fn after(&self, k: usize) -> Result<State, RotationError> {
        let mut next = self.clone();
        next.apply(k)?;
        Ok(next)
    }

    /// Every rotation that is legal now (empty once the game is over). O(n).
    pub fn legal_rotations(&self) -> Vec<usize> {
        if self.status() != Status::Ongoing {
            return Vec::new();
        }
        (1..self.puzzle.n).filter(|&k| !self.board.contains(k)).collect()
    }
}
