//! Keys of blockchains and of research computing, by where each keeps
//! them: read as a secret by any program that is handed one.
//!
//! A wallet's key or seed phrase moves its coins for whoever reads it, at
//! once and for good; a cluster's grid proxy, iRODS password and a
//! notebook server's token open the person's storage and compute.

/// Fragments of these paths, for the secret screen: a path without one is
/// none of them.
pub(super) const HINTS: &[&str] = &[
    "keypair",
    "mnemonic",
    "seed",
    "recovery-phrase",
    "brownie",
    "hardhat-nodejs",
    ".aptos",
    ".ipfs",
    "jwt",
    ".apptainer",
    ".singularity",
    ".irods",
    "jupyter",
    ".token",
    "x509up",
    "Extension Settings",
];

/// A subcommand that prints a private key or what it opens, by its words,
/// for any program (`cast wallet decrypt-keystore deployer`, `cast wallet
/// private-key …`, `bitcoin-cli dumpprivkey`, `sui keytool export`,
/// `near account export-account`).
pub(super) fn prints_key(head: &[&crate::parse::Word]) -> bool {
    head.iter().any(|w| {
        // Asked of every command: a word with none of these letters
        // (`decrypt`, `private`, `dump…`, `export`) is passed over in one
        // look at its bytes, before any is split.
        // (Each such word is 7 to 32 bytes and begins with a letter: a
        // path, an option or a short verb is none.)
        let b = w.value.as_bytes();
        if !(7..=32).contains(&b.len())
            || !b[0].is_ascii_lowercase()
            || !b
                .windows(3)
                .any(|t| matches!(t, b"cry" | b"riv" | b"ump" | b"xpo"))
        {
            return false;
        }
        let p = super::super::nouns::parts(&w.value);
        let has = |s: &str| p.iter().any(|x| x == s);
        !w.value.contains(['=', '/'])
            // (`decrypt` joined to what it opens: a bare one, `yadm decrypt
            // -l`, is a file tool's, judged by the files.)
            && (has("decrypt") && p.len() > 1
                || has("private") && has("key")
                || has("dumpprivkey")
                || has("dumpwallet")
                || has("export") && has("account"))
    }) || head.windows(2).any(|pair| {
        let (noun, verb) = (pair[0].value.as_str(), pair[1].value.as_str());
        // A keystore's or a wallet's key exported (`sui keytool export`,
        // `lotus wallet export f1…`), and cast's short names for its key
        // printers (`cast wallet dk deployer`, `cast wallet pk …`).
        matches!(noun, "keytool" | "wallet") && verb == "export"
            || noun == "wallet" && matches!(verb, "dk" | "pk")
    })
}

/// Whether the resolved path (its last part `name`, the folders above it
/// `dirs`) holds one of these keys.
pub(super) fn holds_secret(name: &str, dirs: &[&str]) -> bool {
    let parent = dirs.last().copied().unwrap_or("");
    chain_key(name, dirs, parent)
        // Apptainer's and Singularity's library tokens and registry logins.
        || matches!(parent, ".apptainer" | ".singularity")
            && matches!(name, "remote.yaml" | "docker-config.json")
        // iRODS's scrambled password.
        || name.eq_ignore_ascii_case(".irodsA")
        // A running notebook server's or kernel's connection file: its
        // token, or the key that signs what a kernel runs.
        || dirs.ends_with(&["jupyter", "runtime"]) && name.ends_with(".json")
        // A token saved as a file of its own (`~/.continuum/anaconda-client/
        // tokens/*.token`, a web3 pinning service's `jwt`).
        || name.ends_with(".token")
        || name.ends_with(".jwt")
        // A grid proxy: a short-lived certificate with its key
        // (`/tmp/x509up_u1000`).
        || name.starts_with("x509up_")
        // A browser extension's storage: a wallet's encrypted vault
        // (MetaMask's, Phantom's) among them.
        || std::iter::once(&name)
            .chain(dirs)
            .any(|d| d.eq_ignore_ascii_case("Local Extension Settings"))
}

/// A blockchain's keys: Solana's key pairs, Ethereum's and Foundry's
/// keystores, Bitcoin's and Electrum's wallets, NEAR's credentials; a
/// program's or a wallet's key pair (`target/deploy/vault-keypair.json`),
/// a seed phrase kept as a file (`mnemonic.txt`, `seed-phrase.txt`),
/// Brownie's accounts, Hardhat's configuration variables, the Aptos CLI's
/// profiles, an IPFS node's identity key.
fn chain_key(name: &str, dirs: &[&str], parent: &str) -> bool {
    parent == "solana" && name.ends_with(".json")
        || dirs.contains(&".ethereum") && (dirs.contains(&"keystore") || name == "keystore")
        || dirs.contains(&".foundry") && (dirs.contains(&"keystores") || name == "keystores")
        || name.ends_with(".keystore")
        || name == "wallet.dat"
        || dirs.contains(&".electrum")
        || name == ".electrum"
        || dirs.contains(&".near-credentials")
        || name == ".near-credentials"
        || dirs.contains(&".bitcoin") && (dirs.contains(&"wallets") || name == "wallets")
        || name.ends_with("-keypair.json")
        || name == "keypair.json"
        || name.contains("mnemonic")
        || [
            "seed-phrase",
            "seed_phrase",
            "seedphrase",
            "recovery-phrase",
        ]
        .iter()
        .any(|s| name.contains(s))
        || dirs.contains(&".brownie") && (parent == "accounts" || name == "accounts")
        || parent == "hardhat-nodejs" && name == "vars.json"
        || parent == ".aptos" && name == "config.yaml"
        || dirs.contains(&".ipfs") && parent == "keystore"
        || parent == ".ipfs" && matches!(name, "config" | "keystore")
}
