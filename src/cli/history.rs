//! What the decision log says: `report` sums it up (text, JSON or an HTML
//! page).

use std::io::Write;
use std::path::{Path, PathBuf};

use super::args::ReportArgs;
use super::{CliError, say};
use crate::config::Dirs;
use crate::danger::Place;
use crate::report::{self, Since};

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, crate::util::millis)
}

/// `askrisky report [--since WHEN] [--json] [--html FILE]`.
pub(super) fn report(args: &ReportArgs) -> Result<u8, CliError> {
    let dirs = Dirs::from_env();
    let state = dirs.state.clone().ok_or(CliError::NoStateDir)?;
    let since = Since::parse(&args.since, now_ms()).map_err(CliError::Since)?;
    let (records, unreadable) =
        report::read(&state, since).map_err(|e| CliError::Log(crate::log::path(&state), e))?;
    let r = report::build(&records, since, unreadable);
    if let Some(file) = &args.html {
        let path = super::cwd()?.join(file);
        write_html(&path, &dirs, &report::html::render(&r))?;
        eprintln!("askrisky: wrote the report to {}", path.display());
        return Ok(0);
    }
    let mut out = std::io::stdout().lock();
    if args.json {
        let text = serde_json::to_string_pretty(&r).map_err(|e| CliError::Output(e.into()))?;
        say!(out, "{text}")?;
    } else {
        out.write_all(report::text::render(&r).as_bytes())
            .map_err(CliError::Output)?;
    }
    Ok(0)
}

/// Writes the page, atomically. Not where askrisky protects (shell startup
/// files, git hooks, agents' settings, askrisky's own folders: an agent
/// could otherwise have askrisky overwrite them for it), and over an
/// existing file only when it is an earlier report.
fn write_html(path: &Path, dirs: &Dirs, page: &str) -> Result<(), CliError> {
    let fail = |why: String| CliError::Html(path.to_path_buf(), why);
    let place = Place {
        home: dirs.home.clone(),
        cwd: path
            .parent()
            .map_or_else(|| PathBuf::from("/"), Path::to_path_buf),
        own_dirs: dirs.protected(),
    };
    if let Some(what) = crate::danger::paths::protected_reason(&place, &path.to_string_lossy()) {
        return Err(fail(format!("it is protected ({what})")));
    }
    match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(fail(e.to_string())),
        Ok(m) if !m.file_type().is_file() => {
            return Err(fail("something other than a plain file is there".into()));
        }
        Ok(_) => {
            let mut head = vec![0u8; report::html::MARK.len()];
            let is_report = std::fs::File::open(path)
                .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut head))
                .is_ok()
                && head == report::html::MARK.as_bytes();
            if !is_report {
                return Err(fail(
                    "a file that is not an askrisky report is there; choose another name".into(),
                ));
            }
        }
    }
    crate::util::write_atomically(path, page.as_bytes()).map_err(|e| fail(e.to_string()))
}
