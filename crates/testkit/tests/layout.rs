//! The README's Layout against the tree: every folder and file under
//! `crates/*/src`, `python/src` and `web/js` is named there, and every
//! path it names exists. Lives here because testkit builds in seconds and
//! the check is about the repository, not one crate.
//!
//! How the Layout names things (the README says it too): a line indented
//! less than [`TEXT_COLUMN`] spaces is an entry, a path (`name/` for a
//! folder) inside the nearest less indented entry above it; deeper lines
//! continue the text of the entry above. Words in an entry's text that end
//! in `/` or in a file extension (one of [`EXTENSIONS`] or of a file in the
//! checked trees) are paths relative to the entry's folder: `plan.rs`, `merge/checks.rs`, `src/api/`. A path names the
//! folders it goes through too, and a folder's `mod.rs` needs no name of
//! its own: naming the folder names it.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// Entries start left of this column; their text goes on from it.
const TEXT_COLUMN: usize = 16;

/// Extensions that make a word a file's name, besides those of the files
/// in the checked trees: the files the Layout names outside them.
const EXTENSIONS: &[&str] = &[
    "rs", "wgsl", "js", "mjs", "html", "css", "py", "pyi", "toml", "md", "json", "sh",
];

#[test]
fn the_readme_layout_names_every_source_file_and_nothing_that_is_gone() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = fs::read_to_string(root.join("README.md")).expect("README.md reads");
    let tree = source_tree(&root);
    let mut extensions: BTreeSet<&str> = EXTENSIONS.iter().copied().collect();
    extensions.extend(
        tree.iter()
            .filter_map(|p| Some(p.rsplit('/').next()?.rsplit_once('.')?.1)),
    );
    let (named, mut problems) = named_paths(&readme, &extensions);
    for (path, line) in &named {
        let on_disk = root.join(path.trim_end_matches('/'));
        match (path.ends_with('/'), on_disk.is_dir(), on_disk.is_file()) {
            (true, true, _) | (false, _, true) => {}
            (false, true, _) => problems.push(format!(
                "README.md line {line}: {path} is a folder: write it {path}/"
            )),
            (true, _, true) => problems.push(format!(
                "README.md line {line}: {path} is a file: write it without the /"
            )),
            _ => problems.push(format!(
                "README.md line {line}: the Layout names {path}, which does not exist"
            )),
        }
    }
    let mut covered: BTreeSet<&str> = BTreeSet::new();
    for path in named.keys() {
        // The path itself and every folder it goes through.
        covered.extend(path.match_indices('/').map(|(i, _)| &path[..=i]));
        covered.insert(path);
    }
    for path in &tree {
        let (folder, name) = path.trim_end_matches('/').rsplit_once('/').unwrap();
        let folder = format!("{folder}/");
        let named_as_its_folder = name == "mod.rs" && covered.contains(folder.as_str());
        if !covered.contains(path.as_str()) && !named_as_its_folder {
            let (what, slash) = match path.ends_with('/') {
                true => ("folder", "/"),
                false => ("file", ""),
            };
            problems.push(format!(
                "{path}: this {what} is not in the README's Layout: name it \
                 (`{name}{slash}`) in the text of the entry for {folder}, or give it \
                 an entry of its own"
            ));
        }
    }
    assert!(
        problems.is_empty(),
        "the README's Layout and the tree disagree:\n  {}",
        problems.join("\n  ")
    );
}

/// Every path the Layout names, with the README line that first names
/// it; and the lines it could not read.
fn named_paths(
    readme: &str,
    extensions: &BTreeSet<&str>,
) -> (BTreeMap<String, usize>, Vec<String>) {
    let start = readme
        .lines()
        .position(|l| l.trim() == "## Layout")
        .expect("the README has a ## Layout section");
    let mut lines = readme.lines().enumerate().skip(start);
    lines.find(|(_, l)| l.starts_with("```"));
    let mut named = BTreeMap::new();
    let mut problems = vec![];
    // The open entries, outermost first: (indent, the folder its text is relative to).
    let mut open: Vec<(usize, String)> = vec![];
    for (index, line) in lines.take_while(|(_, l)| !l.starts_with("```")) {
        let number = index + 1;
        let indent = line.len() - line.trim_start().len();
        let mut text = line.trim_start();
        if text.is_empty() {
            continue;
        }
        if indent < TEXT_COLUMN {
            let (name, rest) = text.split_once(' ').unwrap_or((text, ""));
            if !name
                .chars()
                .all(|c| c.is_alphanumeric() || "_./-".contains(c))
            {
                problems.push(format!(
                    "README.md line {number}: a line indented less than {TEXT_COLUMN} spaces \
                     starts an entry, a path, not `{name}`"
                ));
                continue;
            }
            open.retain(|(outer, _)| *outer < indent);
            let parent = open.last().map_or("", |(_, folder)| folder.as_str());
            let path = format!("{parent}{name}");
            named.entry(path.clone()).or_insert(number);
            // A folder's text is relative to it, a file's to its folder.
            let folder = path
                .rsplit_once('/')
                .map_or(String::new(), |(f, _)| format!("{f}/"));
            open.push((indent, folder));
            text = rest;
        }
        let Some((_, folder)) = open.last() else {
            problems.push(format!(
                "README.md line {number}: text before the Layout's first entry"
            ));
            continue;
        };
        for word in text.split(|c: char| !(c.is_alphanumeric() || "_./-".contains(c))) {
            let word = word.trim_end_matches('.');
            let is_folder = word.len() > 1 && word.ends_with('/');
            let is_file = word
                .rsplit_once('.')
                .is_some_and(|(stem, ext)| !stem.is_empty() && extensions.contains(ext));
            if is_folder || is_file {
                named.entry(format!("{folder}{word}")).or_insert(number);
            }
        }
    }
    (named, problems)
}

/// Every folder (ending in `/`) and file under the trees the Layout
/// must cover, relative to the repository's root; hidden ones (an
/// editor's swap file) left out.
fn source_tree(root: &Path) -> BTreeSet<String> {
    let mut tops = vec!["python/src".to_string(), "web/js".to_string()];
    for krate in fs::read_dir(root.join("crates")).expect("crates/ lists") {
        let name = krate.unwrap().file_name().into_string().unwrap();
        if root.join("crates").join(&name).join("src").is_dir() {
            tops.push(format!("crates/{name}/src"));
        }
    }
    let mut found = BTreeSet::new();
    for top in tops {
        walk(root, &top, &mut found);
    }
    found
}

fn walk(root: &Path, folder: &str, found: &mut BTreeSet<String>) {
    for entry in fs::read_dir(root.join(folder)).expect("a source folder lists") {
        let entry = entry.unwrap();
        if entry.file_name().to_string_lossy().starts_with('.') {
            continue;
        }
        let path = format!("{folder}/{}", entry.file_name().to_string_lossy());
        if entry.file_type().unwrap().is_dir() {
            found.insert(format!("{path}/"));
            walk(root, &path, found);
        } else {
            found.insert(path);
        }
    }
}
