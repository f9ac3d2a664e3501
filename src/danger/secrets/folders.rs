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
    "/opera",
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
            && name
                .as_bytes()
                .windows(8)
                .any(|w| w.eq_ignore_ascii_case(b".default"))
        || is(parent, ".config") && browser(name)
        || is(parent, "Application Support") && (is(name, "Firefox") || browser(name))
        || is(parent, "Google") && is(name, "Chrome")
        || (browser(parent) || is(parent, "User Data"))
            && (is(name, "Default") || name.get(..8).is_some_and(|p| is(p, "profile ")))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn browser_profile_folders() {
        for (name, parent) in [
            (".mozilla", "user"),
            ("firefox", ".mozilla"),
            ("abc.default-release", "firefox"),
            ("x.default", "Profiles"),
            ("chromium", ".config"),
            ("google-chrome", ".config"),
            ("Firefox", "Application Support"),
            ("Brave-Browser", "Application Support"),
            ("Chrome", "Google"),
            ("Default", "google-chrome"),
            ("Profile 2", "chromium"),
            ("Default", "User Data"),
        ] {
            assert!(browser_profiles(name, parent), "{parent}/{name}");
        }
        for (name, parent) in [
            ("firefox", "src"),
            ("abc.default", "notes"),
            ("x", "firefox"),
            ("chromium", "build"),
            ("Firefox", "Documents"),
            ("Chrome", "apps"),
            ("Default", "config"),
            ("Profile 2", "backup"),
            ("settings", "google-chrome"),
            ("profiles.ini", "firefox"),
        ] {
            assert!(!browser_profiles(name, parent), "{parent}/{name}");
        }
    }

    #[test]
    fn dotless_secret_folders_where_they_are_kept() {
        assert!(kept_there("gh", Some(".config")));
        assert!(kept_there("gh", Some(".c*")));
        assert!(kept_there("gh", None));
        assert!(!kept_there("gh", Some("proj")));
        assert!(kept_there("keyrings", Some("share")));
        assert!(!kept_there("keyrings", Some("snapshots")));
        assert!(kept_there("Keychains", Some("Library")));
        assert!(!kept_there("Keychains", Some("docs")));
        assert!(kept_there(".ssh", Some("proj")));
    }
}
