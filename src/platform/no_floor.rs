//! The floor where the system has none askrisky applies (macOS, where
//! Seatbelt is not wired in, and other systems): every call says so, and
//! a run that was due to be contained asks instead unless the person's
//! config says to run (`contain.unavailable`).

use std::path::Path;

use super::floor::{FloorError, Grant};

/// What the floor is called here.
pub const NAME: &str = "none";

fn unsupported() -> FloorError {
    FloorError::Unsupported(format!(
        "{} has no kernel floor that askrisky applies (Landlock is Linux's; Seatbelt is not wired in)",
        std::env::consts::OS
    ))
}

/// Never made: there is nothing to apply.
pub struct Prepared(std::convert::Infallible);

impl Prepared {
    pub fn new<'a>(
        _grants: impl Iterator<Item = (&'a Path, Grant)>,
        _max_processes: Option<u64>,
    ) -> Result<Self, FloorError> {
        Err(unsupported())
    }

    pub fn apply(self) -> Result<(), FloorError> {
        match self.0 {}
    }
}

pub fn probe() -> Result<String, FloorError> {
    Err(unsupported())
}

pub fn available() -> Result<(), FloorError> {
    Err(unsupported())
}
