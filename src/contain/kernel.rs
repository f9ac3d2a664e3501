//! The one place a [`Policy`] becomes kernel rules, through the system's
//! floor (`platform::floor`: Landlock on Linux; where the system has none
//! that askrisky can apply, every call here says so, and a run that was
//! due to be contained asks instead, unless the person's config says to
//! run).
//!
//! [`Prepared::new`] does everything that can fail slowly or for a reason
//! worth telling (opening each folder, building the rules) while askrisky
//! can still write its log; [`Prepared::apply`] then restricts this thread
//! — the one that execs — in a few system calls. What it restricts holds
//! for the command and every process it starts, and cannot be undone by
//! them.

use crate::platform::floor::{self, FloorError, Grant};

use super::{Access, ContainError, Policy};

impl From<FloorError> for ContainError {
    fn from(e: FloorError) -> Self {
        match e {
            FloorError::Unsupported(why) => Self::Unsupported(why),
            FloorError::Setup(why) => Self::Setup(why),
            FloorError::Path { path, source } => Self::Path { path, source },
        }
    }
}

fn grant(a: Access) -> Grant {
    match a {
        Access::Read => Grant::Read,
        Access::List => Grant::List,
        Access::ReadWrite => Grant::ReadWrite,
        Access::WriteFile => Grant::WriteFile,
    }
}

/// A policy's rules built and ready to apply.
pub struct Prepared(floor::Prepared);

impl Prepared {
    /// Builds the rules for `policy`. Fails where the kernel cannot
    /// contain, or a rule's folder cannot be opened.
    pub fn new(policy: &Policy) -> Result<Self, ContainError> {
        let grants = policy
            .rules
            .iter()
            .map(|r| (r.path.as_path(), grant(r.access)));
        Ok(Self(floor::Prepared::new(grants, policy.max_processes)?))
    }

    /// Restricts this thread (and so the command exec'd from it, and all
    /// it starts). Rules the kernel did not enforce are an error.
    pub fn apply(self) -> Result<(), ContainError> {
        Ok(self.0.apply()?)
    }
}

/// Whether this kernel can contain commands, and how (`Landlock ABI 5`).
/// For `doctor` and `check`.
pub fn probe() -> Result<String, ContainError> {
    Ok(floor::probe()?)
}

/// Whether this kernel can contain commands (cheap: nothing restricted).
pub fn available() -> Result<(), ContainError> {
    Ok(floor::available()?)
}

/// What the kernel floor is called on this system, for messages.
pub const NAME: &str = floor::NAME;
