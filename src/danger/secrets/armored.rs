//! Keys, certificates and signatures told apart: by the name a key
//! file is given (`signing-pub.pem`), and by what an armored file holds
//! (`-----BEGIN … PRIVATE KEY-----`), read when it is there.

/// Whether a key file is named as a public key (`signing-pub.pem`,
/// `oci_api_key_public.pem`, `id.pub`), and not as a private one.
pub(super) fn named_public(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path).to_ascii_lowercase();
    (name.ends_with(".pub")
        || ["public", "_pub.", "-pub.", ".pub."]
            .iter()
            .any(|p| name.contains(p)))
        && !["priv", "secret"].iter().any(|k| name.contains(k))
}

/// Whether `path` is an armored file on disk (`-----BEGIN …`) that holds
/// no private key. Missing, unreadable, too large or not text: not shown
/// to be harmless.
pub(super) fn armored_without_private_key(path: &str) -> bool {
    match read(path) {
        Ok(Some(text)) => text.contains("-----BEGIN") && !text.contains("PRIVATE KEY"),
        _ => false,
    }
}

/// Whether an `.asc` file is an armored private key: by what it holds
/// when it is there (unreadable or too large to read: taken as a key), by
/// its name when it is not.
pub(super) fn armored_asc_is_key(path: &str, name: &str) -> bool {
    match read(path) {
        Ok(Some(text)) => text.contains("PRIVATE KEY"),
        Ok(None) => {
            let name = name.to_ascii_lowercase();
            ["key", "priv", "secret", "secring", "sec.", "-sec", "_sec"]
                .iter()
                .any(|k| name.contains(k))
        }
        Err(_) => true,
    }
}

/// An armored file's text, up to a size no key or certificate reaches.
fn read(path: &str) -> std::io::Result<Option<String>> {
    const MAX: u64 = 256 * 1024;
    crate::files::read_text(
        std::path::Path::new(path),
        crate::files::Whose::Foreign,
        MAX,
    )
}
