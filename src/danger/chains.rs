//! What a blockchain's own command lines send to a chain: a transaction
//! signed with the person's key, paid for and permanent (a program
//! deployed or closed, coins sent, an authority given away), on any
//! network but this machine's own test node.
//!
//! The attacker's use: text the agent read asks it to "redeploy the
//! contract" or "clean up the old program", and the command that does so
//! names a tool the word lists never met (`solana program close`, `sui
//! client ptb`, `aptos move run`). These tools share a shape: a look
//! (`balance`, `show`, `view`), a build (`build`, `compile`, `test`) and
//! the tool's local settings (`config`, `keys`) change nothing; what else
//! they do is a transaction.

use super::cmd::{Cmd, Does, NameSet, slots_for};
use super::nouns::parts;

/// Command lines of chains whose subcommands, other than looks, builds and
/// local settings, send transactions.
const CHAIN_TOOLS: &[&str] = &[
    "solana",
    "spl-token",
    "anchor",
    "sui",
    "aptos",
    "near",
    "starknet",
    "sncast",
    "stellar",
    "soroban",
    "dfx",
    "cardano-cli",
];

/// Task runners of contract projects: what they run on a network named
/// other than the in-process or local one is sent there (`hardhat test
/// --network sepolia` deploys its fixtures on Sepolia).
const PROJECT_RUNNERS: &[&str] = &["hardhat", "truffle", "brownie"];

static CHAIN_SET: NameSet<{ slots_for(CHAIN_TOOLS.len()) }> = NameSet::new(CHAIN_TOOLS);

/// Parts of a chain tool's subcommand word that make a transaction
/// (`program close`, `write-buffer`, `client ptb`, `move run`,
/// `create-account`, `set-upgrade-authority`).
const SENDS: &[&str] = &[
    "deploy",
    "publish",
    "upgrade",
    "send",
    "transfer",
    "close",
    "write",
    "ptb",
    "create",
    "call",
    "execute",
    "invoke",
    "run",
    "mint",
    "burn",
    "stake",
    "delegate",
    "withdraw",
    "airdrop",
    "migrate",
    "set",
    "submit",
    "broadcast",
    "approve",
    "fund",
    "register",
    "pay",
    "split",
    "merge",
    "extend",
    "erase",
    "revoke",
    "freeze",
    "thaw",
    "wrap",
    "unwrap",
    "install",
    "uninstall",
    "delete",
    "remove",
    "add",
];

/// A chain tool's first words that only touch this machine: its settings,
/// its keys, a new project, a build, a local node.
const LOCAL_FIRST: &[&str] = &[
    "config",
    "keys",
    "key",
    "keygen",
    "keytool",
    "init",
    "new",
    "build",
    "compile",
    "test",
    "switch",
    "new-address",
    "new-env",
    "envs",
    "localnet",
    "start",
    "help",
    "completion",
    "completions",
    "generate",
    "identity",
    "version",
];

/// Project runners' tasks that change nothing on a network (`hardhat
/// compile --network sepolia`).
const RUNNER_LOOKS: &[&str] = &[
    "compile",
    "clean",
    "flatten",
    "check",
    "help",
    // (What a console is fed is read by `console_sends`.)
    "console",
    "size-contracts",
    "typechain",
    "accounts",
    "status",
    "visualize",
    "coverage",
    "networks",
    "version",
];

/// Options that name a chain's network or node.
const NETWORK_OPTIONS: &[&str] = &[
    "-u",
    "--url",
    "--rpc-url",
    "--network",
    "--provider.cluster",
    "--cluster",
    "--node",
    "--env",
    "--profile",
];

/// First parts of a call's name in console code that make a transaction
/// (`sendTransaction`, `transferOwnership`, `upgradeProxy`, `approve`).
const SENT_BY_CODE: &[&str] = &[
    "send",
    "transfer",
    "deploy",
    "upgrade",
    "approve",
    "mint",
    "burn",
    "withdraw",
    "deposit",
    "renounce",
    "grant",
    "revoke",
    "set",
    "execute",
    "selfdestruct",
];

/// Calls in console code that make or load code whose names are not
/// read here.
const BUILDS_NAMES: &[&str] = &[
    "eval",
    "Function",
    "fromCharCode",
    "atob",
    "unescape",
    "require",
    "import",
    "loadScript",
];

/// Console code read this far at most (a hostile text is long).
const MAX_CODE_WORDS: usize = 4096;

/// A transaction a chain's command line sends, or a contract project's
/// task run on a network other than the local one.
pub(super) fn sends_on_chain(c: &Cmd<'_>) -> Option<Does> {
    if c.name == "forge" {
        return forge_sends(c).then_some(Does::Deploys);
    }
    let runner = c.is(PROJECT_RUNNERS);
    if !runner && !c.is_among(&CHAIN_SET) {
        return None;
    }
    // Only every network named local is (a second `--url` may be the
    // one the tool takes).
    let networks = c.option_values(NETWORK_OPTIONS);
    if !networks.is_empty() && networks.iter().all(|n| local_network(n)) {
        return None;
    }
    let words: Vec<&str> = c
        .operands()
        .iter()
        .take(3)
        .map(|w| w.value.as_str())
        .collect();
    let first = words.first().copied().unwrap_or_default();
    if runner {
        // The in-process network is the default: only one named elsewhere
        // (`--network sepolia`) is reached.
        return (!networks.is_empty() && !first.is_empty() && !RUNNER_LOOKS.contains(&first))
            .then_some(Does::Deploys);
    }
    // dfx's default network is the replica on this machine.
    if c.name == "dfx" && networks.is_empty() && !c.flag(&["--ic", "--playground"]) {
        return None;
    }
    // A test run on a cluster named elsewhere deploys the program there
    // first (`anchor test --provider.cluster devnet`).
    if first == "test" && !networks.is_empty() {
        return Some(Does::Deploys);
    }
    if LOCAL_FIRST.contains(&first) {
        return None;
    }
    words
        .iter()
        .take_while(|w| !w.contains(['/', '=', '.']))
        .any(|w| parts(w).iter().any(|p| SENDS.contains(&p.as_str())))
        .then_some(Does::Deploys)
}

/// What is sent to a public chain's main network, by any program
/// (`hardhat run scripts/deploy.js --network mainnet`, `solana program
/// deploy --url mainnet-beta`): it costs real money and stays there. A
/// look (`looks`, or a chain's own: `cast call`, `cast receipt`) or a
/// build (`hardhat compile`) does not send. (forge's own words say what
/// it sends: see `forge_sends`.)
pub(super) fn sent_to_main_network(
    c: &Cmd<'_>,
    words: &[&str],
    looks: impl Fn(&str) -> bool,
) -> bool {
    const CHAIN_LOOKS: &[&str] = &[
        "call", "balance", "compile", "test", "console", "estimate", "receipt", "tx", "block",
        "nonce", "code", "storage",
    ];
    c.name != "forge"
        && c.full_option_values(&["--network", "--chain", "--cluster", "--url", "--rpc-url"])
            .iter()
            .any(|v| {
                v.eq_ignore_ascii_case("homestead") || v.to_ascii_lowercase().contains("mainnet")
            })
        && !words.iter().any(|w| looks(w) || CHAIN_LOOKS.contains(w))
}

/// Foundry's forge, whose other words build and test here: a contract's
/// source sent to an explorer to publish (`verify-contract`, unless only
/// printed), a script's transactions sent again (`script --resume`; its
/// `--broadcast` is read with the other tools' doing options), a contract
/// created on a node named (`create --rpc-url …`) or sent (`--broadcast`).
fn forge_sends(c: &Cmd<'_>) -> bool {
    let networks = c.full_option_values(&["--rpc-url", "--fork-url"]);
    if !networks.is_empty() && networks.iter().all(|n| local_network(n)) {
        return false;
    }
    match c.operands().first().map(|w| w.value.as_str()) {
        Some("verify-contract" | "v") => !c.flag(&["--show-standard-json-input", "--flatten"]),
        Some("script") => c.flag(&["--resume"]),
        Some("create" | "c") => c.flag(&["--broadcast"]) || !networks.is_empty(),
        _ => false,
    }
}

/// A network that is this machine's own test node (`-u localhost`,
/// `--network hardhat`, `--rpc-url http://127.0.0.1:8545`).
fn local_network(value: &str) -> bool {
    let lower = value.to_ascii_lowercase();
    if matches!(
        lower.as_str(),
        "l" | "local" | "localhost" | "localnet" | "hardhat" | "anvil" | "ganache" | "development"
    ) {
        return true;
    }
    let rest = lower.split_once("://").map_or(lower.as_str(), |(_, r)| r);
    super::cmd::is_loopback(rest.split(['/', '?', '#']).next().unwrap_or(rest))
}

/// Code handed to a chain's console (`geth attach --exec
/// 'eth.sendTransaction(…)'`, `hardhat console --network mainnet <<EOF
/// … v.transferOwnership(…)`): a call whose name says it sends.
pub(super) fn console_sends(c: &Cmd<'_>) -> Option<Does> {
    let code = match c.name.as_str() {
        // (`--exec` is the JavaScript console's, `attach`'s or `console`'s.)
        "geth" => c.option_values(&["--exec"]).first().copied(),
        "hardhat" | "truffle" | "brownie"
            if c.operands().first().is_some_and(|w| w.value == "console")
                && !c
                    .option_values(NETWORK_OPTIONS)
                    .iter()
                    .all(|n| local_network(n)) =>
        {
            c.command.stdin_text.as_deref()
        }
        _ => None,
    }?;
    // Code longer than is read, or that builds the names it calls
    // (`eth[String.fromCharCode(…)]`, `eval(atob(…))`, a script loaded
    // from a file), is taken to send.
    let mut words = code
        .split(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '_'))
        .filter(|w| !w.is_empty());
    let sends = words.by_ref().take(MAX_CODE_WORDS).any(|w| {
        BUILDS_NAMES.contains(&w)
            || parts(w)
                .first()
                .is_some_and(|f| SENT_BY_CODE.contains(&f.as_str()))
    });
    (sends || words.next().is_some()).then_some(Does::Deploys)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::danger::fixture::on;

    /// Console code is read to its bound; code longer than that, or code
    /// that builds the names it calls, is taken to send, so padding
    /// cannot hide the call past the bound.
    #[test]
    fn console_code_past_the_bound_sends() {
        let padded =
            |n: usize, tail: &str| format!("geth attach --exec '{}{tail}' /x.ipc", "x ".repeat(n));
        let sent = |line: &str| on(line, console_sends).is_some();
        assert!(!sent(&padded(MAX_CODE_WORDS - 2, "eth.blockNumber")));
        assert!(sent(&padded(MAX_CODE_WORDS - 1, "eth.blockNumber")));
        assert!(sent(&padded(10, "eth.sendTransaction(t)")));
        assert!(sent(&padded(10, "eval(atob(s))")));
        assert!(!sent("geth attach /x.ipc"));
    }

    /// A network is local only when every one named is.
    #[test]
    fn every_network_named_must_be_local() {
        for (value, local) in [
            ("localhost", true),
            ("L", true),
            ("http://127.0.0.1:8545", true),
            ("anvil", true),
            ("devnet", false),
            ("https://rpc.example", false),
            ("http://127.0.0.1.evil.example", false),
        ] {
            assert_eq!(local_network(value), local, "{value}");
        }
    }
}
