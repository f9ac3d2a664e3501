//! Linux's floor: the rules of a contained run become Landlock rules, the
//! process bound (`RLIMIT_NPROC`) and `no_new_privs`.
//!
//! [`Prepared::new`] does everything that can fail slowly or for a reason
//! worth telling (opening each folder, building the ruleset) while askrisky
//! can still write its log; [`Prepared::apply`] then restricts this thread
//! — the one that execs — in a few system calls. What it restricts holds
//! for the command and every process it starts, and cannot be undone by
//! them.
//!
//! Rights handled: every file-system right of Landlock ABI 2 (a kernel
//! without ABI 2 cannot contain: without `REFER` it would deny every
//! rename across folders, which breaks git), and `TRUNCATE` where the
//! kernel has ABI 3. Device ioctls, network and signals are not
//! restricted.

use std::os::fd::OwnedFd;

use landlock::{
    ABI, Access as _, AccessFs, BitFlags, CompatLevel, Compatible, PathBeneath, Ruleset,
    RulesetAttr, RulesetCreated, RulesetCreatedAttr, RulesetStatus,
};

use std::path::Path;

use super::floor::{FloorError, Grant};

/// What the floor is called here.
pub const NAME: &str = "Landlock";

/// The rights of one [`Grant`].
fn rights(a: Grant) -> BitFlags<AccessFs> {
    let read = AccessFs::from_read(ABI::V3);
    match a {
        Grant::Read => read,
        Grant::List => AccessFs::ReadDir.into(),
        Grant::ReadWrite => AccessFs::from_all(ABI::V3),
        Grant::WriteFile => AccessFs::WriteFile | AccessFs::ReadFile | AccessFs::Truncate,
    }
}

/// Opens `path` for a rule without following any symbolic link on the way
/// (the rules' paths are canonical: a link there now was planted since).
fn open_rule_path(path: &Path) -> Result<OwnedFd, FloorError> {
    use rustix::fs::{Mode, OFlags, ResolveFlags};
    rustix::fs::openat2(
        rustix::fs::CWD,
        path,
        OFlags::PATH | OFlags::CLOEXEC,
        Mode::empty(),
        ResolveFlags::NO_SYMLINKS | ResolveFlags::NO_MAGICLINKS,
    )
    .map_err(|e| FloorError::Path {
        path: path.to_path_buf(),
        source: e.into(),
    })
}

/// A ruleset built and ready to apply.
pub struct Prepared {
    ruleset: RulesetCreated,
    max_processes: Option<u64>,
}

fn setup(e: impl std::fmt::Display) -> FloorError {
    FloorError::Setup(e.to_string())
}

impl Prepared {
    /// Builds the ruleset for `grants`. Fails when the kernel has no
    /// Landlock ABI 2, or a rule's folder cannot be opened.
    pub fn new<'a>(
        grants: impl Iterator<Item = (&'a Path, Grant)>,
        max_processes: Option<u64>,
    ) -> Result<Self, FloorError> {
        let ruleset = Ruleset::default()
            .set_compatibility(CompatLevel::HardRequirement)
            .handle_access(AccessFs::from_all(ABI::V2))
            .map_err(|e| FloorError::Unsupported(e.to_string()))?
            .set_compatibility(CompatLevel::BestEffort)
            .handle_access(AccessFs::Truncate)
            .map_err(setup)?
            .create()
            .map_err(|e| FloorError::Unsupported(e.to_string()))?;
        let mut ruleset = ruleset;
        for (path, grant) in grants {
            let fd = match open_rule_path(path) {
                Ok(fd) => fd,
                // Gone since the rules were made: nothing to grant.
                Err(FloorError::Path { source, .. })
                    if source.kind() == std::io::ErrorKind::NotFound =>
                {
                    continue;
                }
                Err(e) => return Err(e),
            };
            let is_dir = rustix::fs::fstat(&fd)
                .map(|st| rustix::fs::FileType::from_raw_mode(st.st_mode).is_dir())
                .unwrap_or(false);
            let mut access = rights(grant);
            if !is_dir {
                access &= AccessFs::from_file(ABI::V3);
            }
            ruleset = ruleset
                .add_rule(PathBeneath::new(fd, access))
                .map_err(setup)?;
        }
        Ok(Self {
            ruleset,
            max_processes,
        })
    }

    /// Restricts this thread (and so the command exec'd from it, and all
    /// it starts): the process bound, `no_new_privs`, then Landlock. A
    /// ruleset the kernel did not enforce is an error.
    pub fn apply(self) -> Result<(), FloorError> {
        if let Some(n) = self.max_processes {
            use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};
            let now = getrlimit(Resource::Nproc);
            let bound = now.maximum.map_or(n, |m| m.min(n));
            let limit = Rlimit {
                current: Some(bound),
                maximum: Some(bound),
            };
            setrlimit(Resource::Nproc, limit).map_err(|e| setup(format!("RLIMIT_NPROC: {e}")))?;
        }
        let status = self.ruleset.restrict_self().map_err(setup)?;
        if status.ruleset == RulesetStatus::NotEnforced || !status.no_new_privs {
            return Err(FloorError::Unsupported(
                "the kernel did not enforce the rules".into(),
            ));
        }
        Ok(())
    }
}

/// Whether this kernel can contain commands, and its Landlock ABI when it
/// can (learnt by restricting a short-lived thread of this process, which
/// touches nothing else). For `doctor` and `check`.
pub fn probe() -> Result<String, FloorError> {
    probe_abi().map(|abi| format!("{NAME} ABI {abi}"))
}

fn probe_abi() -> Result<u8, FloorError> {
    let handle = std::thread::spawn(|| -> Result<u8, FloorError> {
        let status = Ruleset::default()
            .set_compatibility(CompatLevel::HardRequirement)
            .handle_access(AccessFs::from_all(ABI::V2))
            .map_err(|e| FloorError::Unsupported(e.to_string()))?
            .create()
            .map_err(|e| FloorError::Unsupported(e.to_string()))?
            .restrict_self()
            .map_err(|e| FloorError::Unsupported(e.to_string()))?;
        match status.landlock {
            landlock::LandlockStatus::Available {
                effective_abi,
                kernel_abi,
            } => Ok(kernel_abi
                .and_then(|k| u8::try_from(k).ok())
                .unwrap_or_else(|| abi_number(effective_abi))),
            other => Err(FloorError::Unsupported(format!("{other:?}"))),
        }
    });
    handle
        .join()
        .unwrap_or_else(|_| Err(FloorError::Setup("the probe failed".into())))
}

/// Whether this kernel can contain commands (cheap: one ruleset made and
/// dropped, nothing restricted).
pub fn available() -> Result<(), FloorError> {
    Ruleset::default()
        .set_compatibility(CompatLevel::HardRequirement)
        .handle_access(AccessFs::from_all(ABI::V2))
        .map_err(|e| FloorError::Unsupported(e.to_string()))?
        .create()
        .map(|_| ())
        .map_err(|e| FloorError::Unsupported(e.to_string()))
}

/// The number of an ABI (`V7` ─► 7).
fn abi_number(abi: ABI) -> u8 {
    format!("{abi:?}")
        .trim_start_matches('V')
        .parse()
        .unwrap_or(0)
}
