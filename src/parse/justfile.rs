//! A justfile read as far as it can be without running `just`: the
//! recipe lines `just NAME…` runs, each a line of `sh` code.
//!
//! The threat: `just build` runs whatever the `build` recipe says, and a
//! justfile an agent was steered to edit says what the attacker wants. A
//! recipe is judged by its lines, as a Makefile's are; what `just` works
//! out only when it runs (`{{…}}` interpolation, backticks, a `#!`
//! recipe in another language, a recipe or setting askrisky cannot place)
//! makes the whole opaque, which asks.

use super::makefile::Recipes;

/// How many recipes deep dependencies are followed.
const MAX_DEPTH: usize = 16;

/// How many recipes one command's reading follows in all: a justfile of
/// thousands that each name the others is read in bounded time, and asks.
const MAX_RECIPES: usize = 256;

/// One recipe: its name, the recipes it depends on, its lines.
struct Recipe<'a> {
    name: &'a str,
    deps: Vec<&'a str>,
    body: Vec<&'a str>,
}

/// The recipes of a justfile, in order, and whether anything in it changes
/// how recipes run (`set shell`, `set positional-arguments`, imports).
fn recipes(text: &str) -> (Vec<Recipe<'_>>, bool) {
    let mut out: Vec<Recipe<'_>> = Vec::new();
    let mut opaque = false;
    let mut in_recipe = false;
    for line in text.lines() {
        if line.starts_with([' ', '\t']) {
            if in_recipe
                && let Some(r) = out.last_mut()
                && !line.trim().is_empty()
            {
                r.body.push(line.trim());
            }
            continue;
        }
        in_recipe = false;
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        if t.starts_with("set ")
            || t.starts_with("import ")
            || t.starts_with("mod ")
            || t.starts_with("alias ")
            || t.starts_with('[')
        {
            opaque |= !t.starts_with('[');
            continue;
        }
        // `x := value` (or `export x := …`): a variable.
        if t.contains(":=") {
            continue;
        }
        let Some((head, deps)) = t.split_once(':') else {
            opaque = true;
            continue;
        };
        let name = head
            .trim_start_matches('@')
            .split_whitespace()
            .next()
            .unwrap_or_default();
        if name.is_empty() {
            opaque = true;
            continue;
        }
        out.push(Recipe {
            name,
            deps: deps
                .split_whitespace()
                .take_while(|d| !d.starts_with('#'))
                .map(|d| d.trim_start_matches('(').trim_end_matches(')'))
                .collect(),
            body: Vec::new(),
        });
        in_recipe = true;
    }
    (out, opaque)
}

/// The lines `just` runs for the recipes named (the first recipe when none
/// is) and their dependencies.
pub(super) fn just_recipes(text: &str, named: &[&str]) -> Recipes {
    let (all, mut opaque) = recipes(text);
    let mut lines = Vec::new();
    let mut todo: Vec<(&str, usize)> = if named.is_empty() {
        all.first().map(|r| (r.name, 0)).into_iter().collect()
    } else {
        named.iter().rev().map(|n| (*n, 0)).collect()
    };
    let mut done: Vec<&str> = Vec::new();
    while let Some((name, depth)) = todo.pop() {
        if done.contains(&name) {
            continue;
        }
        if done.len() >= MAX_RECIPES {
            opaque = true;
            break;
        }
        done.push(name);
        let Some(recipe) = all.iter().find(|r| r.name == name) else {
            // A name no recipe has: an argument of the one before, or a
            // recipe askrisky could not place.
            opaque |= depth > 0;
            continue;
        };
        if depth >= MAX_DEPTH {
            opaque = true;
            continue;
        }
        for dep in recipe.deps.iter().rev() {
            todo.push((dep, depth + 1));
        }
        for line in &recipe.body {
            if line.starts_with("#!") {
                opaque = true;
                break;
            }
            if line.contains("{{") || line.contains('`') {
                opaque = true;
            }
            lines.push(line.trim_start_matches(['@', '-']).to_owned());
        }
    }
    Recipes { lines, opaque }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recipes_named_and_their_dependencies() {
        let text = "set dotenv-load := false\nversion := \"1\"\n\n# build it\nbuild:\n    cargo build\n\ndeploy target: build test\n    @rsync -a dist/ {{target}}:/srv\n    -rm -rf dist\n\ntest:\n\tcargo test\n";
        let mut r = just_recipes(text, &["deploy"]);
        r.lines.sort();
        assert_eq!(
            r.lines,
            [
                "cargo build",
                "cargo test",
                "rm -rf dist",
                "rsync -a dist/ {{target}}:/srv"
            ]
        );
        assert!(r.opaque, "a setting and an interpolation");
        let r = just_recipes("build:\n    cargo build\ntest:\n    cargo test\n", &[]);
        assert_eq!(r.lines, ["cargo build"]);
        assert!(!r.opaque);
        let r = just_recipes("build:\n    cargo build\n", &["build", "extra"]);
        assert_eq!(r.lines, ["cargo build"]);
        assert!(!r.opaque);
    }

    #[test]
    fn what_just_works_out_when_it_runs_is_opaque() {
        for text in [
            "x:\n    #!/usr/bin/env python3\n    import os\n",
            "x:\n    echo `date`\n",
            "set shell := [\"python3\", \"-c\"]\nx:\n    print(1)\n",
            "x: missing\n    echo hi\n",
        ] {
            assert!(just_recipes(text, &["x"]).opaque, "{text}");
        }
        // Past the bound, what is left is not read, and asks.
        let deps: Vec<String> = (1..300).map(|i| format!("r{i}")).collect();
        let many: String = std::iter::once(format!("r0: {}\n    echo 0\n", deps.join(" ")))
            .chain((1..300).map(|i| format!("r{i}:\n    echo {i}\n")))
            .collect();
        let r = just_recipes(&many, &["r0"]);
        assert_eq!(r.lines.len(), MAX_RECIPES);
        assert!(r.opaque);
        // A cycle is read once round.
        let mut r = just_recipes("a: b\n    echo a\nb: a\n    echo b\n", &["a"]);
        r.lines.sort();
        assert_eq!(r.lines, ["echo a", "echo b"]);
    }
}
