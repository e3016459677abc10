//! The languages gridjudge judges, in one table ([`LANGUAGES`]): each one's file
//! extensions, how a submission is recognised as it, how it is compiled and how it is
//! run; and the detection of a submission's language and entry file from its files.
//!
//! Detection follows problemtools (Kattis): every file whose name matches a language's
//! extensions is a source of that language; a `.py` file counts for Python 2 only when
//! its first line is a `#!…python2` shebang, and for Python 3 always. The language with
//! the most sources wins; a tie goes to the language of higher priority (C++ over C,
//! Python 2 over Python 3, so a program whose every `.py` file has the Python 2 shebang
//! is Python 2). Files of no language (headers, notes) go along with the sources.
//!
//! The entry file ([`main_file`]) is problemtools' `{mainfile}`: the only source, else a
//! source named `main.*` (any case), else the first source by name, chosen among the
//! submission's own sources (a package's included files, copied beside them, never are). For Java the class
//! declaring `public static void main` comes first when exactly one does; the class run
//! is the entry file's base name, as Kattis runs it, or, when the compiler wrote no class
//! of that name (`class Main` in `sol-1.java`), the one top-level class declaring `main`,
//! as DOMjudge finds it. A class in a package (`package a.b;`, compiled to `a/b/`) is
//! run by its qualified name (`a.b.Main`), its folders copied with it.

use std::path::{Path, PathBuf};

/// A source language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum Language {
    /// C (`.c`).
    C,
    /// C++ (`.cpp`, `.cc`, `.cxx`, `.c++`, `.C`).
    Cpp,
    /// Rust (`.rs`).
    Rust,
    /// Python 3 (`.py`, `.py3`).
    Python,
    /// Python 2 (`.py2`, or `.py` with a `#!…python2` shebang).
    Python2,
    /// Java (`.java`).
    Java,
    /// Kotlin (`.kt`).
    Kotlin,
}

/// One row of the language table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LanguageSpec {
    /// The language.
    pub language: Language,
    /// Its name in messages and in docs/commands.md: `C++`, `Python 3`.
    pub name: &'static str,
    /// Its key, problemtools' language id: the folder `include/<key>/` of a package.
    pub key: &'static str,
    /// The file extensions of its sources (case matters: `.C` is C++, `.c` is C).
    pub extensions: &'static [&'static str],
    /// How a submission is recognised as this language, beyond its extensions.
    pub detection: &'static str,
    /// The compile command (`{files}`: the sources; `{main}`: the entry file).
    pub compile: &'static str,
    /// The run command (`{memlim}`: the memory limit in MiB; `{dir}`: the program folder).
    pub run: &'static str,
    /// problemtools' tie-breaking priority of detection: higher wins.
    pub priority: u32,
    /// A shared extension whose files count for this language only when their first
    /// line is a shebang naming a word (`("py", "python2")`: a `.py` file is Python 2
    /// only under `#!…python2`).
    pub shebang: Option<(&'static str, &'static str)>,
    /// How its sources become a program.
    pub build: Build,
}

/// How a language's sources become a program: the three ways the compiler knows. A
/// language that builds one of these ways is its row of [`LANGUAGES`] and nothing else.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Build {
    /// A compiler that writes the executable `main`: `compiler` (from the system
    /// folders; `rustc` as its toolchain's own binary), then `flags`, `-o main`, the
    /// sources (only the entry file when `entry_only`: rustc finds the modules), `libs`.
    Native {
        /// The compiler's name.
        compiler: &'static str,
        /// Its flags, before the output and the sources.
        flags: &'static [&'static str],
        /// What follows the sources (libraries to link).
        libs: &'static [&'static str],
        /// Whether only the entry file is compiled.
        entry_only: bool,
    },
    /// An interpreter that checks every source's syntax (`check`: its arguments before
    /// the files) and then runs the entry file. Decoding a source runs the codec its
    /// `# coding:` line names, and a codec may import modules (`idna` imports
    /// `stringprep`), so the check never has the build folder, which holds the
    /// submission's own files, on `sys.path`: Python 3 runs it isolated (`-I`: neither
    /// the working folder nor the user's site folder on `sys.path`, no `PYTHON*`
    /// variable read); Python 2, which has no `-I`, with `-E -s` (no variable, no user
    /// site), and the check drops the working folder (`''`) from `sys.path` before it
    /// compiles.
    Script {
        /// The interpreter's name.
        interpreter: &'static str,
        /// Where it is found.
        lookup: Lookup,
        /// Whether `--python` may choose another interpreter (PyPy, as Kattis runs it).
        choosable: bool,
        /// The syntax check's arguments, before the files.
        check: &'static [&'static str],
    },
    /// A JVM compiler that writes classes (`compiler`, `flags`, `-d .`, the sources),
    /// then run by `runner` with the JVM's run flags (each behind `flag_prefix`).
    Classes {
        /// The compiler's name.
        compiler: &'static str,
        /// Its flags, before `-d .` and the sources.
        flags: &'static [&'static str],
        /// The JVM launcher's name.
        runner: &'static str,
        /// What goes before each JVM flag on the runner's command line (`-J` for kotlin).
        flag_prefix: &'static str,
        /// How the entry file names the class run.
        main_class: MainClass,
    },
}

/// Where an interpreter is found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lookup {
    /// `/usr/bin/NAME`, else in the absolute folders of the judge's `PATH`.
    SystemFirst,
    /// Only in the system folders the sandbox's `PATH` holds (a version manager's shim
    /// in the judge's `PATH` is no interpreter the sandbox user can run).
    SystemOnly,
}

/// How a JVM language's entry file names the class run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MainClass {
    /// The file's base name (`Main.java` runs `Main`), else the one class declaring
    /// `main` (DOMjudge's rule); the entry file is the one declaring
    /// `public static void main` when exactly one does.
    Stem,
    /// The file class Kotlin makes of it: `main.kt` runs `MainKt`.
    FileClass,
}

/// The language table: what docs/commands.md prints (a unit test keeps them equal) and what
/// detection, compilation and the run follow.
pub const LANGUAGES: &[LanguageSpec] = &[
    LanguageSpec {
        language: Language::C,
        name: "C",
        key: "c",
        extensions: &["c"],
        detection: "extension",
        compile: "gcc -O2 -std=gnu11 -o main {files} -lm",
        run: "./main",
        priority: 950,
        shebang: None,
        build: Build::Native {
            compiler: "gcc",
            flags: &["-O2", "-std=gnu11"],
            libs: &["-lm"],
            entry_only: false,
        },
    },
    LanguageSpec {
        language: Language::Cpp,
        name: "C++",
        key: "cpp",
        extensions: &["cpp", "cc", "cxx", "c++", "C"],
        detection: "extension",
        compile: "g++ -O2 -std=gnu++17 -o main {files}",
        run: "./main",
        priority: 1000,
        shebang: None,
        build: Build::Native {
            compiler: "g++",
            flags: &["-O2", "-std=gnu++17"],
            libs: &[],
            entry_only: false,
        },
    },
    LanguageSpec {
        language: Language::Rust,
        name: "Rust",
        key: "rust",
        extensions: &["rs"],
        detection: "extension",
        compile: "rustc -O --edition 2021 -o main {main}",
        run: "./main",
        priority: 575,
        shebang: None,
        build: Build::Native {
            compiler: "rustc",
            flags: &["-O", "--edition", "2021"],
            libs: &[],
            entry_only: true,
        },
    },
    LanguageSpec {
        language: Language::Python,
        name: "Python 3",
        key: "python3",
        extensions: &["py", "py3"],
        detection: "extension",
        compile: "python3 -I: compile() of each file (syntax check, isolated)",
        run: "python3 {main}",
        priority: 850,
        shebang: None,
        build: Build::Script {
            interpreter: "python3",
            lookup: Lookup::SystemFirst,
            choosable: true,
            check: &[
                "-I",
                "-c",
                "import sys\nfor f in sys.argv[1:]: compile(open(f, 'rb').read(), f, 'exec')",
            ],
        },
    },
    LanguageSpec {
        language: Language::Python2,
        name: "Python 2",
        key: "python2",
        extensions: &["py", "py2"],
        detection: "`.py2`, or a `.py` file whose first line is `#!…python2`; skipped where no `python2` is installed",
        compile: "python2 -E -s: compile() of each file (syntax check)",
        run: "python2 {main}",
        priority: 860,
        shebang: Some(("py", "python2")),
        build: Build::Script {
            interpreter: "python2",
            lookup: Lookup::SystemOnly,
            choosable: false,
            check: &[
                "-E",
                "-s",
                "-c",
                "import sys\nsys.path[:] = [p for p in sys.path if p not in ('', '.')]\n\
                 for f in sys.argv[1:]: compile(open(f, 'rb').read(), f, 'exec')",
            ],
        },
    },
    LanguageSpec {
        language: Language::Java,
        name: "Java",
        key: "java",
        extensions: &["java"],
        detection: "extension; the main class is the file's base name (the one declaring `public static void main` in a folder)",
        compile: "javac -J-XX:+UseSerialGC -J-XX:-UsePerfData -encoding UTF-8 -d . {files}",
        run: "java -Dfile.encoding=UTF-8 -XX:+UseSerialGC -XX:-UsePerfData -Xss64m -Xmx{memlim}m -cp {dir} {mainclass}",
        priority: 800,
        shebang: None,
        build: Build::Classes {
            compiler: "javac",
            flags: &["-J-XX:+UseSerialGC", "-J-XX:-UsePerfData", "-encoding", "UTF-8"],
            runner: "java",
            flag_prefix: "",
            main_class: MainClass::Stem,
        },
    },
    LanguageSpec {
        language: Language::Kotlin,
        name: "Kotlin",
        key: "kotlin",
        extensions: &["kt"],
        detection: "extension; skipped where no `kotlinc` is installed",
        compile: "kotlinc -d . {files}",
        run: "kotlin -J-Dfile.encoding=UTF-8 -J-XX:+UseSerialGC -J-XX:-UsePerfData -J-Xss64m -J-Xmx{memlim}m -cp {dir} {Mainclass}Kt",
        priority: 250,
        shebang: None,
        build: Build::Classes {
            compiler: "kotlinc",
            flags: &[],
            runner: "kotlin",
            flag_prefix: "-J",
            main_class: MainClass::FileClass,
        },
    },
];

/// The files that are never part of a submission, nor listed as skipped: notes and
/// placeholders (`.gitkeep`, `*.md`, `*.txt`) and files switched off (`*.disabled`).
pub fn is_ignored(path: &Path) -> bool {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    name.starts_with('.')
        || [".md", ".txt", ".disabled"]
            .iter()
            .any(|ext| name.ends_with(ext))
}

impl Language {
    /// Its row of [`LANGUAGES`].
    pub fn spec(self) -> &'static LanguageSpec {
        LANGUAGES
            .iter()
            .find(|s| s.language == self)
            .unwrap_or(&LANGUAGES[0])
    }

    /// Its name: `C++`, `Python 3`.
    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// The language of one source file `path` by its extension alone (`.py` is Python 3;
    /// [`detect`] reads the shebang).
    pub(crate) fn from_path(path: &Path) -> Option<Language> {
        let ext = path.extension()?.to_str()?;
        LANGUAGES
            .iter()
            .filter(|s| s.extensions.contains(&ext))
            .max_by_key(|s| match s.shebang {
                // `.py` alone says Python 3; only the shebang makes it Python 2.
                Some((shared, _)) if shared == ext => 0,
                _ => s.priority,
            })
            .map(|s| s.language)
    }

    /// Whether `path` is a source of this language.
    pub fn matches(self, path: &Path) -> bool {
        path.extension()
            .and_then(|e| e.to_str())
            .is_some_and(|ext| self.spec().extensions.contains(&ext))
    }

    /// The compiler's argv for a build of `sources` into `output`, with `extra` flags
    /// after the language's own: the compile commands of the table, for contestants'
    /// programs and setters' validators alike. C and C++ are the GNU dialects
    /// (`-std=gnu11`, `-std=gnu++17`), as Kattis and DOMjudge compile them, so a
    /// program that builds there builds here; Rust is the 2021 edition. `None` for the
    /// languages that do not build an executable (Python's syntax is checked, Java and
    /// Kotlin build classes: see [`Compiler`](crate::judge::compile::Compiler)).
    /// Each source is passed as an [`operand`], never as an option.
    pub fn build_argv(
        self,
        output: &str,
        sources: &[String],
        extra: &[&str],
    ) -> Option<Vec<String>> {
        let Build::Native {
            compiler,
            flags,
            libs,
            ..
        } = self.spec().build
        else {
            return None;
        };
        let mut argv: Vec<String> = std::iter::once(compiler)
            .chain(flags.iter().copied())
            .chain(extra.iter().copied())
            .chain(["-o", output])
            .map(str::to_string)
            .collect();
        argv.extend(sources.iter().map(|s| operand(s)));
        argv.extend(libs.iter().map(|l| l.to_string()));
        Some(argv)
    }
}

/// A file name of the build folder as a compiler's argument, so that it is only ever a
/// file: a name that does not start with an ASCII letter, a digit or `_` is passed as
/// `./name`. A submission's or a package's file names are theirs to choose, and every
/// compiler reads a word starting with `-` as an option (`-Dmain=x.c` for gcc,
/// `-J-javaagent:agent.jar=.java` loads a Java agent into javac) and gcc, javac,
/// kotlinc and rustc read `@name` as a file of more options.
pub fn operand(name: &str) -> String {
    if name
        .bytes()
        .next()
        .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_')
    {
        name.to_string()
    } else {
        format!("./{name}")
    }
}

/// Whether the first line of `path` is a shebang naming `word` (`#!…python2`, the word
/// ending there).
pub(crate) fn has_shebang(path: &Path, word: &str) -> bool {
    let Ok(text) = std::fs::read(path) else {
        return false;
    };
    let first = text.split(|&b| b == b'\n').next().unwrap_or_default();
    let first = String::from_utf8_lossy(first);
    if !first.starts_with("#!") {
        return false;
    }
    first.match_indices(word).any(|(i, m)| {
        first[i + m.len()..]
            .chars()
            .next()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '_'))
    })
}

/// The language of a submission of `files` (problemtools' detection, see the module
/// documentation) and its sources in that language, sorted; `None` when no file is a
/// source of any language.
pub fn detect(files: &[PathBuf]) -> Option<(Language, Vec<PathBuf>)> {
    let evidence = |spec: &LanguageSpec| {
        files
            .iter()
            .filter(|f| spec.language.matches(f))
            .filter(|f| match spec.shebang {
                Some((shared, word)) if f.extension().is_some_and(|e| e == shared) => {
                    has_shebang(f, word)
                }
                _ => true,
            })
            .count()
    };
    let best = LANGUAGES
        .iter()
        .map(|s| (evidence(s), s.priority, s.language))
        .filter(|(n, _, _)| *n > 0)
        .max()?;
    let lang = best.2;
    let mut sources: Vec<PathBuf> = files.iter().filter(|f| lang.matches(f)).cloned().collect();
    sources.sort();
    Some((lang, sources))
}

/// The entry file among `sources` of `lang` (see the module documentation); `None` when
/// there are none.
pub fn main_file(lang: Language, sources: &[PathBuf]) -> Option<PathBuf> {
    if sources.len() <= 1 {
        return sources.first().cloned();
    }
    if let Build::Classes {
        main_class: MainClass::Stem,
        ..
    } = lang.spec().build
    {
        let declares_main = |p: &&PathBuf| {
            std::fs::read_to_string(p).is_ok_and(|text| {
                let flat: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
                flat.contains("public static void main")
            })
        };
        let with_main: Vec<&PathBuf> = sources.iter().filter(declares_main).collect();
        if let [only] = with_main.as_slice() {
            return Some((*only).clone());
        }
    }
    let named_main = |p: &&PathBuf| {
        p.file_stem()
            .is_some_and(|s| s.to_string_lossy().eq_ignore_ascii_case("main"))
    };
    sources
        .iter()
        .find(named_main)
        .or_else(|| sources.iter().min())
        .cloned()
}

/// The table as Markdown, the section on languages of docs/commands.md (which a test
/// checks against it).
#[cfg(test)]
fn markdown_table() -> String {
    let mut out = String::from(
        "| language | extensions | detection | compile | run |\n|---|---|---|---|---|\n",
    );
    for s in LANGUAGES {
        let exts: Vec<String> = s.extensions.iter().map(|e| format!("`.{e}`")).collect();
        out.push_str(&format!(
            "| {} | {} | {} | `{}` | `{}` |\n",
            s.name,
            exts.join(" "),
            s.detection,
            s.compile,
            s.run
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table's `compile` text, which docs/commands.md prints, is the command its
    /// `build` runs.
    #[test]
    fn each_compile_text_is_its_build() {
        for spec in LANGUAGES {
            let words = |list: &[&str]| list.join(" ");
            let want = match spec.build {
                Build::Native {
                    compiler,
                    flags,
                    libs,
                    entry_only,
                } => {
                    let sources = if entry_only { "{main}" } else { "{files}" };
                    let tail = if libs.is_empty() {
                        String::new()
                    } else {
                        format!(" {}", words(libs))
                    };
                    format!("{compiler} {} -o main {sources}{tail}", words(flags))
                }
                Build::Classes {
                    compiler, flags, ..
                } => [compiler, &words(flags), "-d . {files}"]
                    .iter()
                    .filter(|w| !w.is_empty())
                    .copied()
                    .collect::<Vec<_>>()
                    .join(" "),
                Build::Script {
                    interpreter, check, ..
                } => {
                    let options: Vec<&str> =
                        check.iter().copied().take_while(|&w| w != "-c").collect();
                    let prefix = format!("{interpreter} {}:", options.join(" "));
                    assert!(
                        spec.compile.starts_with(&prefix),
                        "{}: {}",
                        spec.name,
                        spec.compile
                    );
                    continue;
                }
            };
            assert_eq!(spec.compile, want, "{}", spec.name);
        }
    }

    /// The Python helper that builds the bundled cases' expectations
    /// (`judge-cases/tools/run_submissions.py`) compiles C, C++ and Rust with the
    /// judge's own flags: its `compile_cmd` lists, less the two names it fills in, are
    /// [`Language::build_argv`]'s.
    #[test]
    fn the_judge_cases_helper_compiles_as_the_judge_does() {
        let helper = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("judge-cases/tools/run_submissions.py");
        let text = std::fs::read_to_string(&helper).expect("read the helper");
        for (language, extension) in [
            (Language::C, ".c"),
            (Language::Cpp, ".cpp"),
            (Language::Rust, ".rs"),
        ] {
            let test = format!("if src.endswith(\"{extension}\"):");
            let line = text
                .lines()
                .skip_while(|l| l.trim() != test)
                .nth(1)
                .unwrap_or_else(|| panic!("no compile command for {extension}"));
            let quoted: Vec<&str> = line.split('"').skip(1).step_by(2).collect();
            let argv = language
                .build_argv("EXE", &["SRC".to_string()], &[])
                .expect("a compiled language");
            let flags: Vec<&str> = argv
                .iter()
                .map(String::as_str)
                .filter(|a| *a != "EXE" && *a != "SRC")
                .collect();
            assert_eq!(quoted, flags, "{extension}: {line}");
        }
    }

    fn files(dir: &Path, list: &[(&str, &str)]) -> Vec<PathBuf> {
        list.iter()
            .map(|(name, text)| {
                let p = dir.join(name);
                std::fs::write(&p, text).expect("write");
                p
            })
            .collect()
    }

    #[test]
    fn a_file_name_is_never_an_option_nor_an_argument_file() {
        for name in [
            "-J-javaagent:agent.jar=.java",
            "-Dmain=x.c",
            "-omain.c",
            "@opts.c",
            "--cfg=x.rs",
            "+x.kt",
            ".hidden.c",
        ] {
            assert_eq!(operand(name), format!("./{name}"), "{name}");
        }
        for name in ["main.c", "Main.java", "_x.rs", "9.cpp"] {
            assert_eq!(operand(name), name);
        }
        for lang in [Language::C, Language::Cpp, Language::Rust] {
            let argv = lang
                .build_argv("main", &["-omain.c".to_string(), "@o.c".into()], &[])
                .expect("a build command");
            assert!(argv.contains(&"./-omain.c".to_string()), "{argv:?}");
            assert!(argv.contains(&"./@o.c".to_string()), "{argv:?}");
            assert!(
                !argv.iter().any(|a| a == "-omain.c" || a == "@o.c"),
                "{argv:?}"
            );
        }
    }

    #[test]
    fn extensions_name_the_language() {
        let lang = |name: &str| Language::from_path(Path::new(name));
        assert_eq!(lang("a.c"), Some(Language::C));
        for cpp in ["a.cpp", "a.cc", "a.cxx", "a.c++", "a.C"] {
            assert_eq!(lang(cpp), Some(Language::Cpp), "{cpp}");
        }
        assert_eq!(lang("a.rs"), Some(Language::Rust));
        assert_eq!(lang("a.py"), Some(Language::Python));
        assert_eq!(lang("a.py3"), Some(Language::Python));
        assert_eq!(lang("a.py2"), Some(Language::Python2));
        assert_eq!(lang("Main.java"), Some(Language::Java));
        assert_eq!(lang("a.kt"), Some(Language::Kotlin));
        assert_eq!(lang("a.go"), None);
        assert_eq!(lang("Makefile"), None);
    }

    #[test]
    fn every_language_has_one_row_and_distinct_priorities() {
        let mut prios: Vec<u32> = LANGUAGES.iter().map(|s| s.priority).collect();
        prios.sort();
        prios.dedup();
        assert_eq!(prios.len(), LANGUAGES.len());
        for s in LANGUAGES {
            assert_eq!(s.language.spec(), s);
        }
    }

    #[test]
    fn the_table_shows_the_build_flags_used() {
        for s in LANGUAGES {
            let sources = ["{files}".to_string()];
            let main = ["{main}".to_string()];
            let argv = s
                .language
                .build_argv("main", &sources, &[])
                .or_else(|| s.language.build_argv("main", &main, &[]));
            if let Some(argv) = argv {
                // A placeholder is no file name of a letter: it comes back as an
                // operand, `./{files}`, which the table shows as the names it stands for.
                let shown = argv.join(" ").replace("./{", "{");
                assert!(
                    shown == s.compile || shown.replace("{files}", "{main}") == s.compile,
                    "{shown} vs {}",
                    s.compile
                );
            }
        }
    }

    #[test]
    fn shebangs_make_python_2() {
        let dir = tempfile::tempdir().expect("temp dir");
        let d = dir.path();
        let two = files(d, &[("two.py", "#!/usr/bin/env python2\nprint 1\n")]);
        assert_eq!(detect(&two).map(|d| d.0), Some(Language::Python2));
        let three = files(d, &[("three.py", "#!/usr/bin/python3\nprint(1)\n")]);
        assert_eq!(detect(&three).map(|d| d.0), Some(Language::Python));
        let plain = files(d, &[("plain.py", "print(1)\n")]);
        assert_eq!(detect(&plain).map(|d| d.0), Some(Language::Python));
        let py27 = files(d, &[("x.py", "#!/usr/bin/python2.7\n")]);
        assert!(has_shebang(&py27[0], "python2"));
        let not = files(d, &[("y.py", "#!/usr/bin/python22\n")]);
        assert!(!has_shebang(&not[0], "python2"));
        // A helper without the shebang makes the program Python 3 (2 against 1).
        let mixed = files(
            d,
            &[("m.py", "#!/usr/bin/python2\n"), ("helper.py", "x = 1\n")],
        );
        assert_eq!(detect(&mixed).map(|d| d.0), Some(Language::Python));
    }

    #[test]
    fn folders_take_the_language_of_most_files_and_their_entry() {
        let dir = tempfile::tempdir().expect("temp dir");
        let d = dir.path();
        let cpp = files(
            d,
            &[("b.cpp", ""), ("a.cc", ""), ("util.h", ""), ("x.c", "")],
        );
        let (lang, sources) = detect(&cpp).expect("detected");
        assert_eq!(lang, Language::Cpp);
        assert_eq!(sources, [d.join("a.cc"), d.join("b.cpp")]);
        // A tie: C++ has the higher priority.
        let tie = files(d, &[("one.c", ""), ("two.cpp", "")]);
        assert_eq!(detect(&tie).map(|d| d.0), Some(Language::Cpp));
        assert_eq!(detect(&files(d, &[("n.h", "")])), None);

        let py = files(d, &[("util.py", ""), ("Main.py", ""), ("a.py", "")]);
        assert_eq!(
            main_file(Language::Python, &py),
            Some(d.join("Main.py")),
            "main.* wins"
        );
        let py = files(d, &[("c.py", ""), ("b.py", "")]);
        assert_eq!(main_file(Language::Python, &py), Some(d.join("b.py")));
        let java = files(
            d,
            &[
                (
                    "Helper.java",
                    "class Helper { static int f() { return 1; } }",
                ),
                (
                    "Solve.java",
                    "public class Solve {\n public  static\tvoid main(String[] a) {} }",
                ),
            ],
        );
        assert_eq!(main_file(Language::Java, &java), Some(d.join("Solve.java")));
        assert_eq!(main_file(Language::Java, &[]), None);
    }

    #[test]
    fn notes_and_placeholders_are_no_submissions() {
        for name in [".gitkeep", "README.md", "notes.txt", "a.cpp.disabled"] {
            assert!(is_ignored(Path::new(name)), "{name}");
        }
        assert!(!is_ignored(Path::new("a.cpp")));
    }

    #[test]
    fn the_commands_doc_lists_every_language() {
        let doc = include_str!("../../docs/commands.md");
        assert!(
            doc.contains(&markdown_table()),
            "docs/commands.md must hold the language table as `language::markdown_table` prints it:\n{}",
            markdown_table()
        );
    }
}
