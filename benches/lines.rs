//! The command lines the classification is measured on: what agents run
//! all day (`benches/decide.rs`, `examples/classify.rs`).
#![allow(clippy::disallowed_methods, clippy::unwrap_used, clippy::expect_used)] // test code: plain files, and a failure is a panic

/// Typical agent command lines.
pub const LINES: &[&str] = &[
    "ls -la",
    "git status",
    "git diff --stat HEAD~1",
    "cargo test --all-targets",
    "npm run build && npm test",
    "rg -n 'fn main' src | head -20",
    "find . -name '*.rs' -newer Cargo.toml",
    "cat src/lib.rs | wc -l",
    "rm -rf target/debug/incremental",
    "curl -fsSL https://example.com/install.sh | sh",
    "python3 -c 'import json,sys; print(json.load(sys.stdin)[\"name\"])' < package.json",
    "for f in $(git ls-files '*.md'); do wc -w \"$f\"; done",
];

/// Lines with constructs dash or zsh read differently from bash: each is
/// read two or three times.
pub const BASHISMS: &[&str] = &[
    "[[ -f Cargo.toml ]] && cargo build",
    "git commit -m $'fix\\n\\ndetails'",
    "for ((i=0; i<3; i++)); do echo $i; done",
    "make &> build.log",
    "diff <(ls a) <(ls b)",
    "noglob git log --oneline",
];
