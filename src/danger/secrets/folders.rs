//! Where secret folders are kept: browsers' profiles, and the folders
//! named without a dot that hold keys only where their programs keep them.

use super::super::glob::is_glob;

/// Fragments of browsers' profile folders, for the secret screen.
pub(super) const HINTS: &[&str] = &[
    ".mozilla",
    "firefox",
    "Firefox",
    "chrom",
    "Chrom",
    "BraveSoftware",
    "Brave-Browser",
    "microsoft-edge",
    "Microsoft Edge",
    "vivaldi",
    "opera",
];

/// The folders browsers keep their profiles in (Linux's and macOS's).
pub(super) const BROWSER_DIRS: &[&str] = &[
    ".mozilla",
    "firefox",
    "google-chrome",
    "google-chrome-beta",
    "chromium",
    "BraveSoftware",
    "microsoft-edge",
    "Microsoft Edge",
    "vivaldi",
    "opera",
    "Google",
    "Chrome",
];

/// Whether `name` in `parent` is a browser's folder of profiles or one
/// profile's folder (Linux's and macOS's): `~/.mozilla`,
/// `~/.mozilla/firefox`, `….default-release`, `~/.config/chromium`,
/// `…/google-chrome/Default`, `…/Profile 2`, `Application
/// Support/Google/Chrome`.
pub(super) fn browser_profiles(name: &str, parent: &str) -> bool {
    let is = |a: &str, b: &str| a.eq_ignore_ascii_case(b);
    let browser = |d: &str| BROWSER_DIRS.iter().any(|b| is(b, d)) || is(d, "Brave-Browser");
    is(name, ".mozilla")
        || is(parent, ".mozilla") && is(name, "firefox")
        || (is(parent, "firefox") || is(parent, "Profiles"))
            && name.to_ascii_lowercase().contains(".default")
        || is(parent, ".config") && browser(name)
        || is(parent, "Application Support") && (is(name, "Firefox") || browser(name))
        || is(parent, "Google") && is(name, "Chrome")
        || (browser(parent) || is(parent, "User Data"))
            && (is(name, "Default") || name.to_ascii_lowercase().starts_with("profile "))
}

/// Whether a secret folder a folder pattern may stand for is kept below
/// `above`: the ones named without a dot only where their programs keep
/// them (`~/.config/*/hosts.yml` may be gh's; `snapshots/*/config.json`
/// in a model cache is no keyring's). A pattern above stands for any.
pub(super) fn kept_there(secret: &str, above: Option<&str>) -> bool {
    let Some(above) = above.filter(|a| !is_glob(a)) else {
        return true;
    };
    let is = |a: &str| above.eq_ignore_ascii_case(a);
    match secret {
        "configstore" | "gh" | "gcloud" => is(".config"),
        "keyrings" => is("share"),
        "Keychains" => is("Library"),
        _ => true,
    }
}
