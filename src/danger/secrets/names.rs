//! Secrets known by their file's name or folder, wherever they are: a
//! data file named for the secret it holds (`db_password`,
//! `repo.password`, `authtoken`), or kept in a folder named for secrets.

/// Whether a file is named for the secret it holds (`~/.config/ghcr-token`,
/// `db_password`, `restic/password`, `sa-key.json`, `.github_token`): a
/// data file whose name ends in the word, not code, a document, or an
/// example of one (`token.rs`, `password-reset.json`, `secrets.example.yml`).
pub(super) fn named_for_a_secret(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    // The secret's word as the name's ending, after its last dot
    // (`repo.password`, `repository.config.kopia-password`).
    if let Some((_, ext)) = lower.rsplit_once('.')
        && ext.rsplit(['-', '_']).next().is_some_and(secret_word)
    {
        return secret_data_name(&lower.replace('.', "-")).is_some();
    }
    let Some((parts, ext)) = secret_data_name(&lower) else {
        return false;
    };
    // A payment HSM's keys and their clear components, named by the key
    // (`zmk_components_2024.txt`, `tmk-ws12.kcv`, `bdk.txt`): who holds
    // every component holds the key that protects card PINs.
    if parts.iter().any(|p| PAYMENT_KEYS.contains(p)) {
        return true;
    }
    match parts.last() {
        Some(&word) if secret_word(word) => true,
        // `sa-key.json`, `api_key.txt`: a key kept as text.
        Some(&"key") => !ext.is_empty(),
        _ => false,
    }
}

/// The keys of card payments' HSMs, by their names in the trade: zone,
/// terminal and local master keys, PIN and data keys, the base derivation
/// key of DUKPT, a key-encryption key, and the blocks they travel in.
pub(super) const PAYMENT_KEYS: &[&str] = &[
    "zmk",
    "tmk",
    "lmk",
    "zpk",
    "tpk",
    "zek",
    "bdk",
    "kek",
    "pvk",
    "cvk",
    "keyblock",
    "keyblocks",
];

/// [`PAYMENT_KEYS`] as the secret screen finds them. The screen reads
/// every word by its pairs of letters, so only names whose first two are
/// rare in lines are screened for (`tm` is in every `/tmp`, `tp` in every
/// `http`): a terminal's or a PIN key named in lower case (`tmk`, `tpk`)
/// is found in a key block folder, or in capitals.
pub(super) const PAYMENT_HINTS: &[&str] = &[
    "zmk", "ZMK", "TMK", "lmk", "LMK", "zpk", "ZPK", "TPK", "bdk", "BDK", "kek", "KEK", "pvk",
    "PVK", "cvk", "CVK", "keyblock",
];

/// A word that names a secret, ending a file's name: a token by any
/// qualifier joined to it (`authtoken`, `accesstoken`).
fn secret_word(word: &str) -> bool {
    matches!(
        word,
        "token" | "password" | "passwd" | "passphrase" | "secret" | "secrets" | "apikey"
    ) || word.len() <= 12 && word.ends_with("token")
}

/// Whether a data file sits in a folder named for the secrets it keeps
/// (`~/.config/tokens/github.txt`, `deploy/secrets/prod.yml`,
/// `.credentials/db.json`, `drm/keys/content_keys.json`); not code (`src/tokens/lexer.rs`), documents
/// or examples (`secrets/example.yml`).
pub(super) fn in_a_secret_folder(parent: &str, name: &str) -> bool {
    let folder = parent.trim_start_matches('.').to_ascii_lowercase();
    let lower = name.to_ascii_lowercase();
    let Some((parts, _)) = secret_data_name(&lower) else {
        return false;
    };
    matches!(
        folder.as_str(),
        "tokens" | "secrets" | "credentials" | "passwords" | "api-keys" | "apikeys" | "keyblocks"
    ) || folder == "keys"
        // (A folder of keys holds public ones too: `keys/recipients.txt`,
        // `jwks_public.json`.)
        && !parts.iter().any(|p| {
            matches!(*p, "public" | "pub" | "recipients" | "recipient" | "jwks" | "pubkey")
        })
}

/// A name's parts (split at `-`, `_`, `.`) and extension when it is a
/// data file that is not an example, a test or a schema of one: what a
/// secret's file is named like.
pub(super) fn secret_data_name(lower: &str) -> Option<(Vec<&str>, &str)> {
    let (stem, ext) = match lower.rsplit_once('.') {
        Some((stem, ext)) if !stem.trim_matches('.').is_empty() => (stem, ext),
        _ => (lower, ""),
    };
    if !matches!(
        ext,
        "" | "txt"
            | "json"
            | "key"
            | "conf"
            | "cfg"
            | "ini"
            | "yaml"
            | "yml"
            | "toml"
            | "secret"
            // Raw key bytes (`flash_encryption_key.bin`).
            | "bin"
    ) {
        return None;
    }
    let parts: Vec<&str> = stem
        .split(['-', '_', '.'])
        .filter(|p| !p.is_empty())
        .collect();
    if parts.iter().any(|p| {
        matches!(
            *p,
            "example"
                | "sample"
                | "template"
                | "dist"
                | "test"
                | "fake"
                | "dummy"
                | "mock"
                | "schema"
                | "reset"
                | "policy"
        )
    }) {
        return None;
    }
    Some((parts, ext))
}
