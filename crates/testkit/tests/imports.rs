//! No file imports one that imports it back: for every crate's `src/`,
//! the paths that start `crate::`, `super::` or `self::` (the crate's own
//! modules, outside `#[cfg(test)] mod tests` blocks) — in a `use` at the
//! top, in one inside a function, or written inline in an expression, a
//! type or an attribute — are
//! followed to the file that defines what they name — through a
//! module's `pub use` re-exports — and the graph of files must have no
//! cycle. A child importing an item its parent defines is an edge too;
//! a parent's `mod child;` is not.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A module's path from its crate's root: `["count", "plan"]`.
type Module = Vec<String>;

#[test]
fn no_file_imports_a_file_that_imports_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut cycles = Vec::new();
    for src in crate_sources(&root) {
        let crate_ = Crate::read(&src);
        for cycle in crate_.cycles() {
            let names: Vec<String> = cycle.iter().map(|m| crate_.file_name(m)).collect();
            cycles.push(names.join(" ↔ "));
        }
    }
    assert!(
        cycles.is_empty(),
        "files that import each other:\n  {}",
        cycles.join("\n  ")
    );
}

/// `crates/*/src` and `python/src`.
fn crate_sources(root: &Path) -> Vec<PathBuf> {
    let mut sources: Vec<PathBuf> = fs::read_dir(root.join("crates"))
        .expect("crates/ reads")
        .map(|entry| entry.expect("an entry reads").path().join("src"))
        .filter(|src| src.is_dir())
        .collect();
    sources.push(root.join("python/src"));
    sources.sort();
    sources
}

/// One crate's files, by module, and their source outside test modules.
struct Crate {
    src: PathBuf,
    files: BTreeMap<Module, String>,
}

impl Crate {
    fn read(src: &Path) -> Crate {
        let mut files = BTreeMap::new();
        collect(src, src, &mut files);
        Crate {
            src: src.to_owned(),
            files,
        }
    }

    fn file_name(&self, module: &Module) -> String {
        let name = self.src.file_name().map(|_| module.join("/"));
        let crate_name = self.src.parent().and_then(Path::file_name);
        format!(
            "{}:{}",
            crate_name.map_or("?".into(), |n| n.to_string_lossy().into_owned()),
            name.filter(|n| !n.is_empty())
                .unwrap_or_else(|| "lib".into())
        )
    }

    /// The files each file imports.
    fn graph(&self) -> BTreeMap<&Module, BTreeSet<Module>> {
        let mut graph = BTreeMap::new();
        for (module, text) in &self.files {
            let mut targets = BTreeSet::new();
            let mut paths = use_paths(text, false);
            paths.extend(inline_paths(text));
            for path in paths {
                let Some(target) = self.absolute(module, &path) else {
                    continue;
                };
                let Some(file) = self.resolve(&target, 0) else {
                    continue;
                };
                // A module naming itself, or an ancestor module it sits in,
                // imports no other file.
                let ancestor = file.len() < module.len() && module.starts_with(&file);
                if file != *module && !(ancestor && target.len() == file.len()) {
                    targets.insert(file);
                }
            }
            graph.insert(module, targets);
        }
        graph
    }

    /// `path` as seen from `module`, from the crate's root; none for
    /// another crate's.
    fn absolute(&self, module: &Module, path: &[String]) -> Option<Module> {
        let (first, rest) = path.split_first()?;
        let mut base = match first.as_str() {
            "crate" => Vec::new(),
            "self" => module.clone(),
            "super" => module[..module.len().saturating_sub(1)].to_vec(),
            _ => return None,
        };
        let mut rest = rest;
        while let Some(("super", more)) = rest.split_first().map(|(s, m)| (s.as_str(), m)) {
            base.pop();
            rest = more;
        }
        base.extend(rest.iter().cloned());
        Some(base)
    }

    /// The file that defines what `path` names: the deepest module on
    /// it, or where that module's `pub use` takes the name from.
    fn resolve(&self, path: &Module, depth: usize) -> Option<Module> {
        let file = (0..=path.len())
            .rev()
            .map(|k| path[..k].to_vec())
            .find(|prefix| self.files.contains_key(prefix))?;
        if depth > 8 || path.len() == file.len() {
            return Some(file);
        }
        let name = &path[file.len()];
        let text = &self.files[&file];
        let reexported = use_paths(text, true)
            .into_iter()
            .filter(|p| p.last() == Some(name))
            .filter_map(|p| self.absolute(&file, &p).or_else(|| child(&file, &p)))
            .find(|target| target[..] != path[..=file.len()]);
        match reexported {
            Some(target) => {
                let mut deeper = target;
                deeper.extend(path[file.len() + 1..].iter().cloned());
                self.resolve(&deeper, depth + 1).or(Some(file))
            }
            None => Some(file),
        }
    }

    /// Every cycle: the graph's strongly connected parts of more than one
    /// file.
    fn cycles(&self) -> Vec<Vec<Module>> {
        let graph = self.graph();
        let reach = |from: &Module| -> BTreeSet<Module> {
            let mut seen = BTreeSet::new();
            let mut stack = vec![from.clone()];
            while let Some(module) = stack.pop() {
                for next in graph.get(&module).into_iter().flatten() {
                    if seen.insert(next.clone()) {
                        stack.push(next.clone());
                    }
                }
            }
            seen
        };
        let reachable: BTreeMap<&Module, BTreeSet<Module>> =
            graph.keys().map(|&m| (m, reach(m))).collect();
        let mut cycles: Vec<Vec<Module>> = Vec::new();
        for (&module, from) in &reachable {
            let part: Vec<Module> = (from.iter())
                .filter(|other| {
                    reachable
                        .get(other)
                        .is_some_and(|back| back.contains(module))
                })
                .cloned()
                .collect();
            if part.len() > 1 && !cycles.iter().any(|c| c.contains(module)) {
                cycles.push(part);
            }
        }
        cycles
    }
}

/// A `pub use child::name` in `file`: the path below it.
fn child(file: &Module, path: &[String]) -> Option<Module> {
    let mut below = file.clone();
    below.extend(path.iter().cloned());
    Some(below)
}

/// Every `.rs` file under `dir`, by module, with its test modules cut.
fn collect(src: &Path, dir: &Path, files: &mut BTreeMap<Module, String>) {
    for entry in fs::read_dir(dir).expect("a source folder reads") {
        let path = entry.expect("an entry reads").path();
        if path.is_dir() {
            collect(src, &path, files);
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let relative = path
            .strip_prefix(src)
            .expect("below src")
            .with_extension("");
        let mut module: Module = (relative.iter())
            .map(|part| part.to_string_lossy().into_owned())
            .collect();
        if matches!(
            module.last().map(String::as_str),
            Some("mod" | "lib" | "main")
        ) {
            module.pop();
        }
        let text = fs::read_to_string(&path).expect("a source file reads");
        files.insert(module, without_tests(&text));
    }
}

/// The text before a `#[cfg(test)] mod tests {` block, without comments
/// and with every string literal emptied.
fn without_tests(text: &str) -> String {
    let code: Vec<String> = (text.lines())
        .map(|line| {
            without_strings(line)
                .split("//")
                .next()
                .unwrap_or("")
                .to_owned()
        })
        .collect();
    let code = code.join("\n");
    let squeezed: String = code.split_whitespace().collect::<Vec<_>>().join(" ");
    match squeezed.find("#[cfg(test)] mod tests {") {
        Some(at) => squeezed[..at].to_owned(),
        None => squeezed,
    }
}

/// `line` with what its string literals hold dropped (their quotes kept).
fn without_strings(line: &str) -> String {
    let (mut out, mut inside, mut escaped) = (String::new(), false, false);
    for c in line.chars() {
        match (inside, escaped, c) {
            (true, true, _) => escaped = false,
            (true, false, '\\') => escaped = true,
            (_, _, '"') => {
                inside = !inside;
                out.push(c);
            }
            (true, false, _) => {}
            (false, _, _) => out.push(c),
        }
    }
    out
}

/// The paths of every `use` (only `pub use` and `pub(…) use` when
/// `public`), braces expanded: `use a::{b, c::d}` gives `a::b`, `a::c::d`.
fn use_paths(text: &str, public: bool) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("use ") {
        let before = rest[..at].trim_end();
        let is_pub = before.ends_with("pub")
            || before.ends_with("pub(crate)")
            || before.ends_with("pub(super)");
        let visibility = before
            .trim_end_matches("pub(crate)")
            .trim_end_matches("pub(super)");
        let visibility = visibility.trim_end_matches("pub").trim_end();
        // A statement starts at the file's start or after ; { } or an attribute.
        let word_start = (visibility.is_empty() || visibility.ends_with([';', '{', '}', ']']))
            && !rest[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_');
        let end = rest[at..].find(';').map_or(rest.len(), |e| at + e);
        if word_start && (!public || is_pub) {
            expand(rest[at + 4..end].trim(), &mut Vec::new(), &mut paths);
        }
        rest = &rest[end.min(rest.len())..];
        if rest.is_empty() {
            break;
        }
        rest = &rest[1..];
    }
    paths
}

/// The paths written in expressions, types and attributes, and in a
/// `use` wherever it stands (a function's own included): every
/// `crate::a::b`, `super::a` or `self::a::B` not inside a longer path,
/// up to its first segment that is not a name (`::<`, `::{`, `::*`).
fn inline_paths(text: &str) -> Vec<Vec<String>> {
    let is_name = |c: char| c.is_alphanumeric() || c == '_';
    let mut paths = Vec::new();
    for root in ["crate::", "super::", "self::"] {
        for (at, _) in text.match_indices(root) {
            let before = text[..at].chars().next_back();
            if before.is_some_and(|c| is_name(c) || c == ':' || c == '$') {
                continue;
            }
            let mut path = Vec::new();
            let mut rest = &text[at..];
            loop {
                let end = rest.find(|c: char| !is_name(c)).unwrap_or(rest.len());
                if end == 0 {
                    break;
                }
                path.push(rest[..end].to_owned());
                match rest[end..].strip_prefix("::") {
                    Some(more) => rest = more,
                    None => break,
                }
            }
            paths.push(path);
        }
    }
    paths
}

/// Expands one use tree below `prefix` into whole paths.
fn expand(tree: &str, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    let tree = tree.trim();
    if let Some(open) = tree.find('{') {
        let head = tree[..open].trim_end_matches("::");
        let pushed = push_segments(head, prefix);
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        for part in split_top_level(inner) {
            expand(part, prefix, out);
        }
        prefix.truncate(prefix.len() - pushed);
        return;
    }
    let tree = tree.split(" as ").next().unwrap_or(tree).trim();
    if tree.is_empty() || tree == "*" {
        return;
    }
    let mut path = prefix.clone();
    if tree != "self" {
        path.extend(tree.split("::").map(|s| s.trim().to_owned()));
    }
    out.push(path);
}

fn push_segments(head: &str, prefix: &mut Vec<String>) -> usize {
    let segments: Vec<String> = (head.split("::"))
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty())
        .collect();
    let count = segments.len();
    prefix.extend(segments);
    count
}

/// The comma-separated parts of `inner` outside nested braces.
fn split_top_level(inner: &str) -> Vec<&str> {
    let (mut parts, mut depth, mut start) = (Vec::new(), 0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
}

#[test]
fn the_check_finds_a_cycle_it_is_shown() {
    let dir = tempfile_dir("use");
    fs::create_dir_all(dir.join("a")).unwrap();
    fs::write(dir.join("lib.rs"), "mod a;\n").unwrap();
    fs::write(dir.join("a/mod.rs"), "mod b;\nmod c;\n").unwrap();
    fs::write(dir.join("a/b.rs"), "use super::c::C;\npub struct B;\n").unwrap();
    fs::write(
        dir.join("a/c.rs"),
        "use super::b::{self, B};\npub struct C;\n",
    )
    .unwrap();
    let crate_ = Crate::read(&dir);
    let cycles = crate_.cycles();
    assert_eq!(cycles.len(), 1, "{:?}", crate_.graph());
    fs::write(
        dir.join("a/c.rs"),
        "pub struct C;\n#[cfg(test)]\nmod tests {\n    use super::super::b::B;\n}\n",
    )
    .unwrap();
    assert!(Crate::read(&dir).cycles().is_empty());
    fs::remove_dir_all(&dir).unwrap();
}

/// A path written inline (`super::c::f()` in an expression) or a `use`
/// inside a function imports as a `use` at the top does.
#[test]
fn the_check_follows_inline_paths_and_uses_in_functions() {
    let dir = tempfile_dir("inline");
    fs::create_dir_all(dir.join("a")).unwrap();
    fs::write(dir.join("lib.rs"), "mod a;\n").unwrap();
    fs::write(dir.join("a/mod.rs"), "mod b;\nmod c;\n").unwrap();
    let c = "pub fn f() -> u8 { 1 }\npub fn g() -> u8 { use super::b::B; B }\n";
    fs::write(dir.join("a/c.rs"), c).unwrap();
    fs::write(
        dir.join("a/b.rs"),
        "pub const B: u8 = 2;\npub fn h() -> u8 { super::c::f() }\n",
    )
    .unwrap();
    let cycles = Crate::read(&dir).cycles();
    assert_eq!(cycles.len(), 1, "{cycles:?}");
    let pure = "pub fn f() -> u8 { 1 }\npub fn g() -> u8 { 2 }\n";
    fs::write(dir.join("a/c.rs"), pure).unwrap();
    assert!(Crate::read(&dir).cycles().is_empty());
    // A path inside a longer one, or a string, names no module of ours.
    let other = "pub fn f() -> &'static str { let _ = other::super::b::B; \"crate::a::b\" }\n";
    fs::write(dir.join("a/c.rs"), other).unwrap();
    assert!(Crate::read(&dir).cycles().is_empty());
    fs::remove_dir_all(&dir).unwrap();
}

/// A fresh folder for one test's own tree, named for the test: the
/// tests run at once.
fn tempfile_dir(test: &str) -> PathBuf {
    let name = format!("nqueens-imports-{}-{test}", std::process::id());
    let dir = std::env::temp_dir().join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}
