//! The askrisky binary: parse the arguments, run, report errors.
#![forbid(unsafe_code)]

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    askrisky::cli::install_panic_hook();
    let cli = askrisky::cli::Cli::parse();
    match askrisky::cli::run(cli) {
        Ok(status) => ExitCode::from(status),
        // The reader went away (`askrisky log | head`): nothing to report
        // to, and never a status that could read as "run".
        Err(askrisky::cli::CliError::Output(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => {
            ExitCode::from(askrisky::exit::FAILED)
        }
        Err(e) => {
            let status = if e.is_usage() {
                askrisky::exit::USAGE
            } else {
                askrisky::exit::FAILED
            };
            eprintln!("askrisky: {:#}", anyhow::Error::from(e));
            ExitCode::from(status)
        }
    }
}
