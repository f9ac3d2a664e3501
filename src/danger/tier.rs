//! The tier of a line: clear, danger, or blocked.

use serde::{Deserialize, Serialize};

/// How dangerous a line is. Ordered: the strictest wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tier {
    /// Nothing in the danger set.
    Clear,
    /// Irreversible or boundary-crossing: the person decides.
    Danger,
    /// Machine-wide catastrophe: refused, nobody can approve it here.
    Blocked,
}

impl Tier {
    /// The tier's name as shown and logged.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Clear => "clear",
            Self::Danger => "danger",
            Self::Blocked => "blocked",
        }
    }
}
