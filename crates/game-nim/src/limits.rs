//! Limits on one computation — bytes allocated and elementary steps — so that no request can
//! exhaust memory or run for hours: sizes are estimated before allocating, and work is counted
//! as it is done.

/// The memory and effort allowed to one computation. Exceeding either is a typed error
/// ([`crate::NimError::OverMemoryBudget`], [`crate::NimError::EffortExceeded`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The most bytes the computation may allocate at once (its own tables; an estimate that
    /// errs on the high side).
    pub max_bytes: u128,
    /// The most elementary steps (option evaluations) it may take.
    pub max_steps: u128,
}

impl Limits {
    /// No limit at all (what the functions without a `limits` argument use).
    pub const UNLIMITED: Limits = Limits { max_bytes: u128::MAX, max_steps: u128::MAX };

    /// Checks an estimate of `needed` bytes for `what` against the budget.
    ///
    /// # Errors
    /// [`crate::NimError::OverMemoryBudget`] if `needed > max_bytes`.
    /// Within the budget, large requests are also tried on the system (address space reserved
    /// and released at once, nothing touched), so that a budget above what the machine allows
    /// gives [`crate::NimError::OutOfMemory`] instead of an allocation abort later.
    pub fn check_bytes(&self, what: impl FnOnce() -> String, needed: u128) -> Result<(), crate::NimError> {
        if needed > self.max_bytes {
            return Err(crate::NimError::OverMemoryBudget { what: what(), needed, budget: self.max_bytes });
        }
        if !system_can_allocate(needed) {
            return Err(crate::NimError::OutOfMemory { what: what(), needed });
        }
        Ok(())
    }
}

/// Whether the system grants `bytes` of address space now (large requests only: below 64 MiB
/// the answer is taken as yes). The reservation is released at once, untouched.
pub fn system_can_allocate(bytes: u128) -> bool {
    if bytes < 64 << 20 {
        return true;
    }
    let Ok(bytes) = usize::try_from(bytes) else { return false };
    let mut probe: Vec<u8> = Vec::new();
    probe.try_reserve_exact(bytes).is_ok()
}

/// A running count of steps against [`Limits::max_steps`].
#[derive(Debug)]
pub(crate) struct Effort {
    steps: u128,
    limit: u128,
}

impl Effort {
    pub(crate) fn new(limits: &Limits) -> Self {
        Effort { steps: 0, limit: limits.max_steps }
    }

    /// The steps counted so far.
    pub(crate) fn spent(&self) -> u128 {
        self.steps
    }

    /// Adds `steps`; an error naming `what` once the limit is passed.
    #[inline]
    pub(crate) fn spend(
        &mut self,
        steps: usize,
        what: impl FnOnce() -> String,
    ) -> Result<(), crate::NimError> {
        self.steps = self.steps.saturating_add(steps as u128);
        if self.steps > self.limit {
            return Err(crate::NimError::EffortExceeded { what: what(), steps: self.limit });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NimError;

    /// Both limits are inclusive: exactly the budget is allowed, one more is refused, with the
    /// figures in the error.
    #[test]
    fn limits_allow_exactly_the_budget() {
        let limits = Limits { max_bytes: 1000, max_steps: 10 };
        assert_eq!(limits.check_bytes(|| "t".into(), 1000), Ok(()));
        assert_eq!(
            limits.check_bytes(|| "t".into(), 1001),
            Err(NimError::OverMemoryBudget { what: "t".into(), needed: 1001, budget: 1000 })
        );
        let mut effort = Effort::new(&limits);
        assert_eq!(effort.spend(4, || "e".into()), Ok(()));
        assert_eq!(effort.spend(6, || "e".into()), Ok(()));
        assert_eq!(
            effort.spend(1, || "e".into()),
            Err(NimError::EffortExceeded { what: "e".into(), steps: 10 })
        );
    }

    /// A request beyond the address space is refused by the probe, not attempted.
    #[test]
    fn the_system_probe_refuses_the_impossible() {
        assert!(system_can_allocate(1 << 20));
        assert!(!system_can_allocate(u128::from(u64::MAX)));
        assert!(!system_can_allocate(u128::MAX));
        let limits = Limits::UNLIMITED;
        assert!(matches!(limits.check_bytes(|| "t".into(), u128::MAX), Err(NimError::OutOfMemory { .. })));
    }
}
