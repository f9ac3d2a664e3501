//! Completions and the man page are generated from the clap definitions
//! and checked in; this fails when they are stale. To refresh them:
//! `UPDATE_GENERATED=1 cargo test --test cli generated`.

use askrisky::cli::args::{Generate, generate};

#[test]
fn checked_in_files_are_current() {
    let files = [
        ("completions/askrisky.bash", Generate::CompleteBash),
        ("completions/_askrisky", Generate::CompleteZsh),
        ("completions/askrisky.fish", Generate::CompleteFish),
        ("man/askrisky.1", Generate::Man),
    ];
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let update = std::env::var_os("UPDATE_GENERATED").is_some();
    let mut stale = Vec::new();
    for (path, kind) in files {
        let want = generate(kind);
        assert!(!want.is_empty(), "{path}: nothing generated");
        let full = root.join(path);
        if update {
            std::fs::create_dir_all(full.parent().expect("parent")).expect("mkdir");
            std::fs::write(&full, &want).expect("write");
        } else if std::fs::read(&full).ok().as_deref() != Some(&want[..]) {
            stale.push(path);
        }
    }
    assert!(
        stale.is_empty(),
        "stale: {stale:?}; run UPDATE_GENERATED=1 cargo test --test cli generated"
    );
}
