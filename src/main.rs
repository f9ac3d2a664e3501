//! The askrisky binary: parse the arguments, run, report errors.
#![forbid(unsafe_code)]

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    askrisky::app::install_panic_hook();
    let cli = askrisky::cli::Cli::parse();
    match askrisky::app::run(cli).map_err(anyhow::Error::from) {
        Ok(status) => ExitCode::from(status),
        Err(e) => {
            eprintln!("askrisky: {e:#}");
            ExitCode::from(askrisky::exit::FAILED)
        }
    }
}
