//! The floor under a run: whether a command about to run is contained, and
//! with what (see `contain`). What a person approved runs as approved;
//! everything else — the mode's "run", the reviewer's, an allow rule's, a
//! child of an approved command — runs contained, or, where containment
//! cannot be had, as the person's config says.

use std::path::Path;

use super::Setup;
use crate::contain::kernel::Prepared;
use crate::contain::{ContainError, Inputs, Policy, Unavailable};
use crate::log::{Contained, DecidedBy};

/// How a run goes.
pub enum Floor {
    /// Contained by these rules (applied just before exec).
    Contained(Box<Prepared>, Policy),
    /// Not contained, and why.
    Uncontained(String),
}

impl Floor {
    /// The log's account of it.
    pub fn record(&self) -> Contained {
        match self {
            Self::Contained(_, p) => Contained {
                applied: true,
                why_not: None,
                writable: p.writable.iter().map(|w| w.display().to_string()).collect(),
                unreadable: p
                    .unreadable
                    .iter()
                    .map(|w| w.display().to_string())
                    .collect(),
                max_processes: p.max_processes,
            },
            Self::Uncontained(why) => Contained {
                applied: false,
                why_not: Some(why.clone()),
                ..Contained::default()
            },
        }
    }

    /// The rules to apply before exec, if any.
    pub fn into_prepared(self) -> Option<Prepared> {
        match self {
            Self::Contained(p, _) => Some(*p),
            Self::Uncontained(_) => None,
        }
    }

    /// The `-v` note: what the run may touch.
    pub fn note(&self) -> String {
        match self {
            Self::Contained(_, p) => format!(
                "askrisky: running contained: {}; an approved line runs uncontained (askrisky exec --uncontained …)",
                p.summary()
            ),
            Self::Uncontained(why) => format!("askrisky: running uncontained: {why}"),
        }
    }
}

/// The containment policy for a command run in `cwd`.
pub fn policy(setup: &Setup, cwd: &Path) -> Result<Policy, ContainError> {
    let own = setup.dirs.protected();
    Policy::build(&Inputs {
        home: setup.dirs.home.as_deref(),
        own: &own,
        state: setup.dirs.state.as_deref(),
        cwd,
        env: &|k| std::env::var(k).ok(),
        settings: &setup.settings.contain,
    })
}

/// The floor for a run decided by `by`, in `cwd`. An error means the run
/// must not happen: containment was due and could not be set up, and the
/// person's config does not say to run uncontained.
pub fn floor(setup: &Setup, cwd: &Path, by: DecidedBy) -> Result<Floor, ContainError> {
    let c = &setup.settings.contain;
    if by == DecidedBy::Person {
        return Ok(Floor::Uncontained("approved by the person".into()));
    }
    if !c.enabled {
        return Ok(Floor::Uncontained(
            "containment is off in your config".into(),
        ));
    }
    // Where the system has no floor, say so before the policy walks the
    // person's folders for nothing.
    let built = crate::contain::kernel::available()
        .and_then(|()| policy(setup, cwd))
        .and_then(|p| Prepared::new(&p).map(|r| (r, p)));
    match built {
        Ok((r, p)) => Ok(Floor::Contained(Box::new(r), p)),
        Err(e) if c.unavailable == Unavailable::Run => Ok(Floor::Uncontained(format!(
            "{e}; your config says to run anyway"
        ))),
        Err(e) => Err(e),
    }
}
