//! The program out of a finished build, into its own program folder: what each language
//! leaves in the build folder and how it is run.
//!
//! - a Python submission is its sources (the syntax check wrote nothing), run by the
//!   interpreter that checked them, its folder readable when there are several files;
//! - a Java or Kotlin submission is the classes the compiler wrote, their package
//!   folders kept, run by its qualified main class on the JVM;
//! - a C, C++ or Rust submission is the one executable `main`, which must be an ELF
//!   file: a source can make its compiler write a library instead, which is CE.
//!
//! Everything read from the build folder is read as the compile uid left it: through no
//! link, owned by that uid, under the compile's file limit ([`read_output`],
//! [`class_files`]).

use super::folders::{read_output, ProgramFolder};
use super::java::{class_files, declares_main, main_class, qualified_name, JVM_RUN_FLAGS};
use super::toolchain::system_tool;
use super::{judge_error, CompileFailure, Program, Sources, Staged};
use crate::judge::language::{Build, MainClass};
use crate::Verdict;
use std::path::{Path, PathBuf};

/// A build that succeeded, as [`Compiler::compile_sources`](super::Compiler::compile_sources)
/// hands it over.
pub(super) struct Built<'a> {
    /// The submission.
    pub(super) sources: &'a Sources,
    /// Its files in the build folder.
    pub(super) staged: &'a Staged,
    /// The build folder.
    pub(super) workdir: &'a Path,
    /// The uid the build ran as (`None`: the judge's own).
    pub(super) owner: Option<u32>,
    /// The compile's file limit: the most any one output may hold.
    pub(super) file_bytes: u64,
    /// The compiler's name (`argv[0]`), for messages; the interpreter's for Python.
    pub(super) name: String,
}

/// A program in `out` without the folder itself (the caller adds it).
fn program(path: PathBuf, argv: Vec<String>, read_only: Vec<PathBuf>) -> Program {
    Program {
        path,
        argv,
        read_only,
        _dir: None,
        _staged: None,
    }
}

impl Built<'_> {
    /// A Python submission: its sources copied into `out`, run by `interpreter` (under
    /// the name it was checked with) on the entry file.
    pub(super) fn script(
        &self,
        out: &ProgramFolder,
        interpreter: PathBuf,
    ) -> Result<Program, CompileFailure> {
        let lang = self.sources.language;
        let mut script = PathBuf::new();
        for (copy, path) in self
            .staged
            .copies
            .iter()
            .filter(|(n, _)| lang.matches(Path::new(n)))
        {
            let text = self.sources.read(path)?;
            let written = out.write(copy, &text, false)?;
            if *copy == self.staged.main {
                script = written;
            }
        }
        let folder = (!self.staged.single).then(|| out.dir.path().to_path_buf());
        Ok(program(
            interpreter,
            vec![self.name.clone(), script.display().to_string()],
            folder.into_iter().collect(),
        ))
    }

    /// A Java or Kotlin submission: the classes copied into `out` as the compiler laid
    /// them out (a `package a.b;` declaration puts its classes in `a/b/`), run by the
    /// qualified name of the class with `main` (for Kotlin, `FileKt` of the entry file).
    pub(super) fn classes(&self, out: &ProgramFolder) -> Result<Program, CompileFailure> {
        let Build::Classes {
            runner,
            flag_prefix,
            main_class: naming,
            ..
        } = self.sources.language.spec().build
        else {
            return Err(judge_error(format!(
                "{} does not build classes",
                self.sources.language.name()
            )));
        };
        let name = &self.name;
        let found = class_files(self.workdir, self.owner, self.file_bytes)
            .map_err(|e| judge_error(format!("{name} wrote no usable class: {e}")))?;
        if found.is_empty() {
            return Err(judge_error(format!("{name} succeeded but wrote no class")));
        }
        let mut with_main = Vec::new();
        let mut names = Vec::new();
        for (rel, bytes) in &found {
            let class = qualified_name(rel);
            let simple = class.rsplit('.').next().unwrap_or_default();
            if !simple.contains('$') {
                if declares_main(bytes) {
                    with_main.push(class.clone());
                }
                names.push(class);
            }
            out.write_nested(rel, bytes)?;
        }
        let stem = Path::new(&self.staged.main)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let simple = match naming {
            MainClass::Stem => stem,
            MainClass::FileClass => {
                let mut c = stem.chars();
                let upper: String = c.next().into_iter().flat_map(char::to_uppercase).collect();
                format!("{upper}{}Kt", c.as_str())
            }
        };
        let class = main_class(&simple, &names, &with_main, naming == MainClass::Stem);
        let dir = out.dir.path().to_path_buf();
        let runner_path = system_tool(runner)?.program;
        let mut argv: Vec<String> = JVM_RUN_FLAGS
            .iter()
            .map(|f| format!("{flag_prefix}{f}"))
            .collect();
        argv.insert(0, runner.to_string());
        argv.extend(["-cp".to_string(), dir.display().to_string(), class]);
        Ok(program(runner_path, argv, vec![dir]))
    }

    /// A C, C++ or Rust submission: the executable `main`, copied into `out`. Anything
    /// but an ELF file (`#![crate_type = "lib"]` turns rustc's `main` into a library
    /// archive, which would fail every run with a judge error) is CE.
    pub(super) fn binary(&self, out: &ProgramFolder) -> Result<Program, CompileFailure> {
        let name = &self.name;
        let bytes =
            read_output(&self.workdir.join("main"), self.owner, self.file_bytes).map_err(|e| {
                judge_error(format!("{name} succeeded but wrote no usable program: {e}"))
            })?;
        if !bytes.starts_with(b"\x7fELF") {
            return Err(CompileFailure {
                verdict: Verdict::CompileError,
                message: format!(
                    "{name} wrote no executable program (an ELF file) but {}: \
                     a library crate (#![crate_type])?",
                    if bytes.starts_with(b"!<arch>") {
                        "a library archive"
                    } else {
                        "another kind of file"
                    }
                ),
            });
        }
        let path = out.write("main", &bytes, true)?;
        Ok(program(path, vec!["main".into()], Vec::new()))
    }
}
