//! The questions a caller asks of a whole position: its nimber (pruned or plain), whether it
//! plus *k is a P-position, its outcome, a winning move; and of one component, whether its
//! nimber is among given values. Whole positions are split into components, whose values XOR.

use super::nimber_set::NimberSet;
use super::pruned::Request;
use super::{Search, SearchError};
use crate::{Outcome, SearchGame};

impl<G: SearchGame> Search<'_, G> {
    /// The nimber of `position`: the XOR of its components' nimbers, each found by the pruned
    /// search (Beling and Rogalski) asked for every value.
    ///
    /// Cost: exponential in the depth of the game in the worst case, like any search of a game
    /// tree; the table makes it at most one expansion per distinct component while the table
    /// holds them all, and pruning skips options once the candidates are settled. Memory
    /// stays within [`SearchLimits`](super::SearchLimits).
    pub fn nimber(&mut self, position: &G::Position) -> Result<u32, SearchError> {
        self.xor_of_components(position, |search, part| {
            Ok(search.pruned_nimber(part, Request::All, 0)?.expect("a full request is always answered"))
        })
    }

    /// The nimber of `position` by the plain search: every option of every component reached is
    /// valued and the mex taken (no pruning). Cost: one expansion per distinct component
    /// reached while the table holds them all, each O(options × their components).
    pub fn nimber_by_mex(&mut self, position: &G::Position) -> Result<u32, SearchError> {
        self.xor_of_components(position, Self::mex_nimber)
    }

    /// Is `position` + *`k` a P-position (a loss for the player to move), that is, is the nimber
    /// of `position` exactly `k`? An outcome search in the style of Lemoine and Viennot: the
    /// components but one are valued, and the last is only asked whether its nimber is
    /// `k` XOR theirs, which the pruned search settles without finding its nimber when it is
    /// another.
    pub fn is_p_position_plus(&mut self, position: &G::Position, k: u32) -> Result<bool, SearchError> {
        self.empty_stack();
        let mut parts = self.components_of(position);
        let Some(last) = parts.pop() else { return Ok(k == 0) };
        let mut xor = 0;
        for part in parts {
            xor ^= self.pruned_nimber(&part, Request::All, 0)?.expect("a full request is always answered");
        }
        let target = k ^ xor;
        let answer = self.pruned_nimber(&last, Request::Among(NimberSet::from_values([target])), 0)?;
        Ok(answer == Some(target))
    }

    /// The outcome of `position` (normal play): P if its nimber is 0, else N. Asks only
    /// "is the nimber 0?", which prunes more than finding the nimber.
    pub fn outcome(&mut self, position: &G::Position) -> Result<Outcome, SearchError> {
        Ok(if self.is_p_position_plus(position, 0)? { Outcome::P } else { Outcome::N })
    }

    /// Is the nimber of `component` (one component, as [`Search::components_of`] gives them)
    /// among `values`? One pruned search, asked only about those values: `Some(nimber)` when it
    /// settles the nimber (always when it is among them, often for smaller ones: a pruned
    /// search that settles every option of a component gives its nimber), `None` when it is
    /// none of them. The building block of a search cut into shards at its root, whose first
    /// moves are asked "is your value v?" on different machines (the `game-search-runs` crate).
    pub fn nimber_if_among(
        &mut self,
        component: &G::Position,
        values: &[u32],
    ) -> Result<Option<u32>, SearchError> {
        self.empty_stack();
        self.pruned_nimber(component, Request::Among(NimberSet::from_values(values.iter().copied())), 0)
    }

    /// A move from `position` to a P-position (a move that wins), or `None` when `position` is
    /// itself a P-position (every move loses). The options are tried in the order of
    /// [`Game::moves`](crate::Game::moves), each by [`Search::outcome`]; the table is kept between them, so after
    /// the nimber of `position` most of them are answered from it.
    pub fn winning_move(&mut self, position: &G::Position) -> Result<Option<G::Position>, SearchError> {
        for option in self.game.moves(position) {
            if self.outcome(&option)? == Outcome::P {
                return Ok(Some(option));
            }
        }
        Ok(None)
    }
}
