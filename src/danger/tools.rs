//! Tools' own options: those of npm, pnpm and container engines that come
//! before the subcommand and take a value, so that the value is not taken
//! for the subcommand (`npm -w pkg publish` is a publish).

/// Options of npm, given before the subcommand, that take a value.
pub(super) const NPM_GLOBAL_VALUES: &[&str] = &[
    "-w",
    "--workspace",
    "-C",
    "--prefix",
    "--registry",
    "--userconfig",
    "--cache",
    "--loglevel",
    "--otp",
    "--tag",
    "--access",
];

/// Options of pnpm, given before the subcommand, that take a value (its
/// `-w` is `--workspace-root`, a flag).
pub(super) const PNPM_GLOBAL_VALUES: &[&str] = &[
    "--filter",
    "-F",
    "-C",
    "--dir",
    "--registry",
    "--loglevel",
    "--reporter",
    "--otp",
    "--tag",
    "--access",
];

/// Options of docker, podman and nerdctl, given before the subcommand, that
/// take a value.
pub(super) const CONTAINER_GLOBAL_VALUES: &[&str] = &[
    "-H",
    "--host",
    "-c",
    "--context",
    "--config",
    "-l",
    "--log-level",
    "--tlscacert",
    "--tlscert",
    "--tlskey",
    "--connection",
    "--url",
    "--identity",
    "--root",
    "--runroot",
    "--storage-driver",
    "-n",
    "--namespace",
    "-a",
    "--address",
];
