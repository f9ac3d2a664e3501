//! Secret files of desktops, message brokers, serverless tools and
//! observability agents, by where each keeps them: read as a secret by any
//! program that is handed one.

/// Fragments of these paths, for the secret screen: a path without one is
/// none of them.
pub(super) const HINTS: &[&str] = &[
    "kwallet",
    ".kwl",
    ".dev.vars",
    "serverlessrc",
    "erlang.cookie",
    ".nkeys",
    ".creds",
    "datadog-agent",
    ".aws/sso",
    ".aws/cli",
];

/// Whether the resolved path (its last part `name`, the folders above it
/// `dirs`) is one of these stores.
pub(super) fn holds_secret(name: &str, dirs: &[&str]) -> bool {
    let parent = dirs.last().copied().unwrap_or("");
    // KDE's wallet: every saved password of the desktop (`kdewallet.kwl`,
    // with its salt beside it).
    name.ends_with(".kwl")
        || dirs.contains(&"kwalletd")
        // Wrangler's local secrets (`.dev.vars`, `.dev.vars.staging`), the
        // Worker's `.env`; the Serverless Framework's access keys.
        || name == ".dev.vars"
        || name.starts_with(".dev.vars.") && !name.ends_with(".example")
        || name == ".serverlessrc"
        // AWS's single sign-on and assumed-role caches: live access tokens
        // and session keys (`~/.aws/sso/cache/*.json`).
        || dirs.ends_with(&[".aws", "sso", "cache"])
        || dirs.ends_with(&[".aws", "cli", "cache"])
        // The Erlang cluster's cookie: whoever holds it runs code on every
        // node of a RabbitMQ or Elixir cluster.
        || name == ".erlang.cookie"
        // NATS's user credentials and key seeds (`deployer.creds`,
        // `~/.nkeys/…/*.nk`).
        || name.ends_with(".creds")
        || dirs.contains(&".nkeys")
        // The Datadog agent's settings, with the account's API key.
        || parent == "datadog-agent" && matches!(name, "datadog.yaml" | "datadog.yml")
}
