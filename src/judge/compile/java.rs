//! What a JVM run starts from: the class files a Java or Kotlin build left (read without
//! following links, bounded), which class holds `main`, and the JVM's run flags. Kattis
//! and DOMjudge find the main class differently; [`main_class`] takes both rules.

use super::folders::read_output;
use std::path::{Path, PathBuf};

/// Whether a compiled class may declare `public static void main(String[])`: its
/// constant pool holds both the name `main` and the descriptor `([Ljava/lang/String;)V`
/// (a class that only calls another's `main` holds them too, which is why the class
/// named after the entry file comes first).
pub(super) fn declares_main(class: &[u8]) -> bool {
    let holds = |needle: &[u8]| class.windows(needle.len()).any(|w| w == needle);
    holds(b"\x01\x00\x04main") && holds(b"([Ljava/lang/String;)V")
}

/// The class a JVM run starts from, among the compiled classes `names` (qualified, as
/// `a.b.Main`), those of them that may declare `main` being `with_main`: the class whose
/// simple name is `simple` (the entry file's stem, `MainKt` for Kotlin's `main.kt`), in
/// whatever package, as Kattis runs it; one that declares `main` when several packages
/// hold that name. Else, for Java only (`by_main`), the one class that declares `main`,
/// as DOMjudge finds it (`class Main` in `sol-1.java`). Else `simple` itself: the run
/// fails, as the program would on those judges.
pub(super) fn main_class(
    simple: &str,
    names: &[String],
    with_main: &[String],
    by_main: bool,
) -> String {
    let named: Vec<&String> = names
        .iter()
        .filter(|n| n.rsplit('.').next() == Some(simple))
        .collect();
    match named.as_slice() {
        [only] => return (*only).clone(),
        [] => {}
        several => {
            if let [only] = several
                .iter()
                .filter(|n| with_main.contains(n))
                .collect::<Vec<_>>()
                .as_slice()
            {
                return (**only).clone();
            }
        }
    }
    match with_main {
        [only] if by_main => only.clone(),
        _ => simple.to_string(),
    }
}

/// The qualified name of the class in `rel` (`a/b/Main.class` → `a.b.Main`).
pub(super) fn qualified_name(rel: &Path) -> String {
    let parts: Vec<String> = rel
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    parts.join(".")
}

/// The most class files (and folders) [`class_files`] takes from one build.
const MAX_CLASS_FILES: usize = 10_000;

/// The deepest package folder [`class_files`] enters (`a/b/…`, one level per name).
const MAX_PACKAGE_DEPTH: usize = 32;

/// Every `.class` file under the build folder `dir`, by path relative to it, with its
/// bytes (each read as [`read_output`] reads a program). Links are never followed:
/// a link the compile uid left, to a folder or a file, is passed over, so no file of
/// the judge's can be copied out this way. Bounded by [`MAX_CLASS_FILES`] and
/// [`MAX_PACKAGE_DEPTH`]; past either the build is refused.
pub(super) fn class_files(
    dir: &Path,
    owner: Option<u32>,
    limit: u64,
) -> std::io::Result<Vec<(PathBuf, Vec<u8>)>> {
    let mut found = Vec::new();
    let mut pending = vec![(PathBuf::new(), 0usize)];
    let mut seen = 0usize;
    while let Some((rel, depth)) = pending.pop() {
        for entry in std::fs::read_dir(dir.join(&rel))? {
            let entry = entry?;
            seen += 1;
            if seen > MAX_CLASS_FILES {
                return Err(std::io::Error::other(format!(
                    "more than {MAX_CLASS_FILES} files in the build folder"
                )));
            }
            // `file_type` of a directory entry does not follow a link.
            let kind = entry.file_type()?;
            let path = rel.join(entry.file_name());
            if kind.is_dir() {
                if depth >= MAX_PACKAGE_DEPTH {
                    return Err(std::io::Error::other(format!(
                        "package folders deeper than {MAX_PACKAGE_DEPTH}"
                    )));
                }
                pending.push((path, depth + 1));
            } else if kind.is_file() && path.extension().is_some_and(|e| e == "class") {
                let bytes = read_output(&dir.join(&path), owner, limit)?;
                found.push((path, bytes));
            }
        }
    }
    found.sort();
    Ok(found)
}

/// The JVM's flags of a Java run, problemtools' but for `-Xms` (peak RSS counts what is
/// touched, the heap grows as needed) and with no performance-data file (the run's
/// `/tmp` is read-only).
pub(super) const JVM_RUN_FLAGS: &[&str] = &[
    "-Dfile.encoding=UTF-8",
    "-XX:+UseSerialGC",
    "-XX:-UsePerfData",
    "-Xss64m",
    "-Xmx{memlim}m",
];

#[cfg(test)]
mod class_tests {
    use super::{class_files, main_class, qualified_name, MAX_PACKAGE_DEPTH};
    use std::path::Path;

    fn strings(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn the_run_class_is_found_by_name_then_by_main_in_any_package() {
        let names = strings(&["a.b.Sum", "a.b.Helper"]);
        assert_eq!(
            main_class("Sum", &names, &strings(&["a.b.Sum"]), true),
            "a.b.Sum"
        );
        // Not named after the file: the one class declaring `main`, Java only.
        let names = strings(&["a.b.Main", "a.b.Helper"]);
        let main = strings(&["a.b.Main"]);
        assert_eq!(main_class("sum-main", &names, &main, true), "a.b.Main");
        assert_eq!(main_class("SumKt", &names, &main, false), "SumKt");
        // Two packages with a class of the file's name: the one declaring `main`.
        let names = strings(&["x.Sum", "y.Sum"]);
        assert_eq!(
            main_class("Sum", &names, &strings(&["y.Sum"]), true),
            "y.Sum"
        );
        // Nothing to go by: the name itself, and the run fails as elsewhere.
        assert_eq!(main_class("Sum", &names, &[], true), "Sum");
        let two = strings(&["p.A", "q.B"]);
        assert_eq!(main_class("Sum", &two, &two, true), "Sum");
        assert_eq!(main_class("Main", &strings(&["Main"]), &[], true), "Main");
    }

    #[test]
    fn qualified_names_follow_the_package_folders() {
        assert_eq!(qualified_name(Path::new("Main.class")), "Main");
        assert_eq!(qualified_name(Path::new("a/b/Main.class")), "a.b.Main");
        assert_eq!(qualified_name(Path::new("a/Main$1.class")), "a.Main$1");
    }

    #[test]
    fn class_files_are_taken_from_package_folders_and_links_passed_over() {
        let dir = tempfile::tempdir().expect("temp dir");
        let root = dir.path();
        std::fs::create_dir_all(root.join("a/b")).expect("mkdir");
        std::fs::write(root.join("a/b/Main.class"), b"cafe").expect("write");
        std::fs::write(root.join("Top.class"), b"babe").expect("write");
        std::fs::write(root.join("Main.java"), b"source").expect("write");
        let outside = tempfile::tempdir().expect("temp dir");
        std::fs::write(outside.path().join("Secret.class"), b"judge's").expect("write");
        std::os::unix::fs::symlink(outside.path(), root.join("linked")).expect("link");
        std::os::unix::fs::symlink(
            outside.path().join("Secret.class"),
            root.join("Alias.class"),
        )
        .expect("link");
        let found = class_files(root, None, 1 << 20).expect("read");
        let got: Vec<(String, &[u8])> = found
            .iter()
            .map(|(p, b)| (p.display().to_string(), b.as_slice()))
            .collect();
        assert_eq!(
            got,
            [
                ("Top.class".to_string(), &b"babe"[..]),
                ("a/b/Main.class".to_string(), &b"cafe"[..]),
            ]
        );
        // Too large a class is refused, not cut.
        assert!(class_files(root, None, 3).is_err());
        // Package folders past the depth bound are refused.
        let deep = tempfile::tempdir().expect("temp dir");
        let mut path = deep.path().to_path_buf();
        for _ in 0..=MAX_PACKAGE_DEPTH {
            path.push("p");
        }
        std::fs::create_dir_all(&path).expect("mkdir");
        let err = class_files(deep.path(), None, 1 << 20).expect_err("too deep");
        assert!(err.to_string().contains("deeper"), "{err}");
    }
}
