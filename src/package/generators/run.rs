//! The runner of a [`Spec`]: builds each generator and solution once and runs each
//! case, so that the files of `data/` come out in memory, to be written or compared by
//! the caller.
//!
//! Programs are the setter's code and are built and run as the package's output
//! validator is ([`JuryProgram::build`]: a source file of `generators/` with the
//! headers beside it, a folder (a Python one run from its first file named `main…`, as
//! BAPCtools picks it), or the files a `generators:` name lists, copied into a folder of
//! their own, the first the entry point), each run confined as this
//! thread's setter uid ([`setter_isolation`]) under [`jury_limits`], in an empty
//! working folder of its own. A case is made as BAPCtools makes it:
//!
//! 1. its command runs with its arguments (`{seed}` the case's seed, plus one per retry
//!    after a failure); the files it writes named `testcase.EXT` (an extension of
//!    [`DATA_EXTENSIONS`]) are kept, and its standard output is the input when it
//!    wrote no `testcase.in` (and is ignored when it did);
//! 2. `copy:` copies `generators/BASE.EXT` for every such extension there is;
//! 3. literal files (`in:`, `ans:`, `out:`, `yaml:`) are written over those;
//! 4. without a `.ans` (outside `invalid_*` and `valid_output`), the case's solution
//!    runs on the `.in`, its standard output the `.ans`; for an interactive or
//!    multi-pass problem the `.ans` is empty and no solution runs (no `.interaction`
//!    is made).
//!
//! A read of the package goes through [`Tree`] (a link out of the package is an
//! error naming it), and a read of what a run wrote never follows a link out of its
//! working folder.

use super::spec::{Case, Solution, Spec, DATA_EXTENSIONS};
use crate::package::metadata::Constants;
use crate::package::output_validator::{jury_limits, setter_isolation, JuryProgram};
use crate::sandbox::{self, CaseDirs, ExitStatus, RunSpec};
use crate::tree::{Kind, Tree};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

/// The files a case makes: extension (`.in`) and bytes.
pub(crate) type CaseFiles = BTreeMap<String, Vec<u8>>;

/// Builds and runs what `spec` asks for, for the package at `package`.
pub struct Runner<'a> {
    package: &'a Path,
    tree: Tree,
    launcher: &'a Path,
    constants: &'a Constants,
    spec: &'a Spec,
    programs: HashMap<String, JuryProgram>,
    default_solution: Option<String>,
    /// What the runner says on the way (the default solution it chose), one line each.
    pub notes: Vec<String>,
    /// The problem is interactive or multi-pass: a case without a `.ans` gets an empty
    /// one (its solution is not run).
    pub interactive: bool,
}

impl<'a> Runner<'a> {
    /// A runner for `spec` of the package at `package`.
    pub fn new(
        package: &'a Path,
        launcher: &'a Path,
        constants: &'a Constants,
        spec: &'a Spec,
    ) -> Result<Runner<'a>, String> {
        Ok(Runner {
            package,
            tree: Tree::new(package).map_err(|e| e.to_string())?,
            launcher,
            constants,
            spec,
            programs: HashMap::new(),
            default_solution: None,
            notes: Vec::new(),
            interactive: false,
        })
    }

    /// The program a command names: a `generators:` name, else a file or folder of
    /// `generators/`, built on first use.
    fn generator(&mut self, name: &str) -> Result<&JuryProgram, String> {
        let key = format!("generators/{name}");
        if !self.programs.contains_key(&key) {
            let built = if let Some(files) = self.spec.generators.get(name) {
                self.build_listed(name, files)?
            } else {
                let path = self.package.join(&key);
                match self.tree.kind(&path).map_err(|e| e.to_string())? {
                    Kind::Missing => {
                        let not = "not a name of `generators:`";
                        return Err(format!("`{name}`: no such program in generators/ ({not})"));
                    }
                    Kind::Dir => {
                        // BAPCtools' entry point of a folder: its first file named main…
                        let entry = self
                            .tree
                            .entries(&path)
                            .map_err(|e| e.to_string())?
                            .into_iter()
                            .filter_map(|e| {
                                e.path.file_name().map(|n| n.to_string_lossy().into_owned())
                            })
                            .find(|n| n.to_lowercase().starts_with("main"));
                        JuryProgram::build_with_entry(
                            &path,
                            entry.as_deref(),
                            self.launcher,
                            self.constants,
                            &format!("generator {key}"),
                        )?
                    }
                    Kind::File => JuryProgram::build(
                        &path,
                        self.launcher,
                        self.constants,
                        &format!("generator {key}"),
                    )?,
                }
            };
            self.programs.insert(key.clone(), built);
        }
        self.programs
            .get(&key)
            .ok_or_else(|| format!("generator {key} was not built"))
    }

    /// Builds a `generators:` entry: its files copied into one folder, the first the
    /// entry point.
    fn build_listed(&self, name: &str, files: &[String]) -> Result<JuryProgram, String> {
        let dir = tempfile::Builder::new()
            .prefix("gridjudge-generator-")
            .tempdir()
            .map_err(|e| format!("cannot create a folder for generator {name}: {e}"))?;
        let folder = dir.path().join(name);
        crate::tree::create_dirs_beneath(dir.path(), Path::new(name)).map_err(|e| e.to_string())?;
        for f in files {
            let from = self.package.join("generators").join(f);
            let file_name = Path::new(f).file_name().unwrap_or_default();
            let to = folder.join(file_name);
            if to.symlink_metadata().is_ok() {
                return Err(format!(
                    "`generators.{name}`: two files named {}",
                    file_name.to_string_lossy()
                ));
            }
            self.tree.copy(&from, &to).map_err(|e| {
                if e.is_not_found() {
                    format!("`generators.{name}`: generators/{f} does not exist")
                } else {
                    e.to_string()
                }
            })?;
        }
        let entry = files
            .first()
            .and_then(|f| Path::new(f).file_name())
            .map(|f| f.to_string_lossy().into_owned());
        JuryProgram::build_with_entry(
            &folder,
            entry.as_deref(),
            self.launcher,
            self.constants,
            &format!("generator {name}"),
        )
    }

    /// The solution program at `rel` (below the package), built on first use.
    fn solution(&mut self, rel: &str) -> Result<&JuryProgram, String> {
        if !self.programs.contains_key(rel) {
            let path = self.package.join(rel);
            if self.tree.kind(&path).map_err(|e| e.to_string())? == Kind::Missing {
                return Err(format!("`solution: /{rel}` does not exist"));
            }
            let built = JuryProgram::build(
                &path,
                self.launcher,
                self.constants,
                &format!("solution /{rel}"),
            )?;
            self.programs.insert(rel.to_string(), built);
        }
        self.programs
            .get(rel)
            .ok_or_else(|| format!("solution /{rel} was not built"))
    }

    /// The default solution: the first accepted submission in name order.
    fn default_solution(&mut self) -> Result<String, String> {
        if let Some(s) = &self.default_solution {
            return Ok(s.clone());
        }
        let dir = self.package.join("submissions/accepted");
        let first = match self.tree.kind(&dir).map_err(|e| e.to_string())? {
            Kind::Dir => self
                .tree
                .entries(&dir)
                .map_err(|e| e.to_string())?
                .into_iter()
                .find(|e| {
                    !e.path
                        .file_name()
                        .is_some_and(|n| n.to_string_lossy().starts_with('.'))
                }),
            _ => None,
        };
        let Some(first) = first else {
            return Err(
                "no `solution:` and no accepted submission (submissions/accepted/) to make the .ans files"
                    .into(),
            );
        };
        let rel = first
            .path
            .strip_prefix(self.package)
            .unwrap_or(&first.path)
            .display()
            .to_string();
        self.notes.push(format!(
            "no `solution:` in generators.yaml: the .ans files come from /{rel}, the first accepted submission"
        ));
        self.default_solution = Some(rel.clone());
        Ok(rel)
    }

    /// Makes the files of `case`.
    pub fn case(&mut self, case: &Case) -> Result<CaseFiles, String> {
        let mut files = CaseFiles::new();
        if let Some(cmd) = &case.generate {
            let mut last = String::new();
            let mut made = None;
            for retry in 0..case.retries.max(1) {
                let seed = ((u64::from(cmd.seed) + u64::from(retry)) % (1 << 31)) as u32;
                let args = cmd.args_with_seed(seed);
                let launcher = self.launcher;
                let program = self.generator(&cmd.program)?;
                match run_confined(program, launcher, &args, None) {
                    Ok(ran) => {
                        made = Some(ran);
                        break;
                    }
                    Err(e) => last = e,
                }
            }
            let Some((stdout, written)) = made else {
                return Err(format!("generator `{}` failed ({last})", cmd.text));
            };
            files = written;
            if !files.contains_key(".in") {
                if stdout.is_empty() {
                    return Err(format!(
                        "generator `{}` wrote no testcase.in and nothing on its standard output",
                        cmd.text
                    ));
                }
                files.insert(".in".into(), stdout);
            }
        }
        if let Some(base) = &case.copy {
            let mut copied = false;
            for ext in DATA_EXTENSIONS {
                let from = self.package.join(format!("{base}{ext}"));
                match self.tree.kind(&from).map_err(|e| e.to_string())? {
                    Kind::File => {
                        let bytes = self.tree.read(&from).map_err(|e| e.to_string())?;
                        files.insert(ext.to_string(), bytes);
                        copied = true;
                    }
                    Kind::Dir => return Err(format!("`copy`: {base}{ext} is a folder")),
                    Kind::Missing => {}
                }
            }
            if !copied {
                return Err(format!(
                    "`copy: {}`: no {base}.in or other file to copy",
                    base.trim_start_matches("generators/")
                ));
            }
        }
        for (ext, text) in &case.literals {
            files.insert(ext.clone(), text.as_bytes().to_vec());
        }
        if !files.contains_key(".in") {
            return Err("no .in was made (by `generate`, `copy` or `in`)".into());
        }
        if self.interactive && !files.contains_key(".ans") {
            files.insert(".ans".into(), Vec::new());
        }
        if case.needs_answer() && !files.contains_key(".ans") {
            let rel = match &case.solution {
                Solution::Path(p) => p.clone(),
                Solution::Default => self.default_solution()?,
                Solution::Disabled => {
                    return Err("no .ans was made and `solution` is empty".into());
                }
            };
            let input = files.get(".in").cloned().unwrap_or_default();
            let launcher = self.launcher;
            let program = self.solution(&rel)?;
            let (answer, _) = run_confined(program, launcher, &[], Some(&input))
                .map_err(|e| format!("solution /{rel} failed ({e})"))?;
            files.insert(".ans".into(), answer);
        }
        Ok(files)
    }
}

/// Runs `program` with `args`, confined, in an empty working folder, with `stdin` (else
/// `/dev/null`): its standard output and the `testcase.EXT` files it left, or why it
/// failed (the exit or the limit, then the first line of its standard error).
fn run_confined(
    program: &JuryProgram,
    launcher: &Path,
    args: &[String],
    stdin: Option<&[u8]>,
) -> Result<(Vec<u8>, CaseFiles), String> {
    let isolation = setter_isolation();
    let dirs = CaseDirs::new(isolation.run_as)
        .map_err(|e| format!("cannot create the working folder: {e}"))?;
    // The judge's own folder, apart from the working one: the standard input.
    let judge = tempfile::Builder::new()
        .prefix("gridjudge-generate-")
        .tempdir()
        .map_err(|e| format!("cannot create a folder: {e}"))?;
    let stdin_path = match stdin {
        Some(bytes) => {
            let p = judge.path().join("stdin");
            crate::tree::write_file(&p, bytes).map_err(|e| e.to_string())?;
            p
        }
        None => PathBuf::from("/dev/null"),
    };
    let workdir = dirs.workdir().to_path_buf();
    let mut argv = vec![program.program.display().to_string()];
    argv.extend(program.prefix.iter().cloned());
    argv.extend(args.iter().cloned());
    let spec = RunSpec {
        program: program.program.clone(),
        argv,
        env: sandbox::default_env(&workdir),
        workdir: workdir.clone(),
        stdin: stdin_path,
        stdout: dirs.stdout(),
        stderr: dirs.stderr(),
        limits: jury_limits(),
        isolation,
        hide: Vec::new(),
        read_only: vec![program.folder.clone()],
        keep_workdir: true,
        binds: Vec::new(),
        wait_share: None,
    };
    let outcome = sandbox::Sandbox::new(launcher)
        .run(&spec)
        .map_err(|e| e.to_string())?;
    let said = crate::tree::read_regular(&dirs.stderr()).unwrap_or_default();
    let said = said.lines().next().unwrap_or_default().trim().to_string();
    let why = match (outcome.killed_for, outcome.status) {
        (None, ExitStatus::Exited(0)) => None,
        (Some(limit), _) => Some(format!("killed for {limit:?}")),
        (None, ExitStatus::Exited(code)) => Some(format!("exit code {code}")),
        (None, ExitStatus::Signaled(sig)) => Some(sandbox::signal_name(sig)),
    };
    if let Some(why) = why {
        return Err(if said.is_empty() {
            why
        } else {
            format!("{why}: {said}")
        });
    }
    let stdout = crate::tree::read_file(&dirs.stdout()).map_err(|e| e.to_string())?;
    let written = Tree::new(&workdir).map_err(|e| e.to_string())?;
    let mut files = CaseFiles::new();
    for ext in DATA_EXTENSIONS {
        let path = workdir.join(format!("testcase{ext}"));
        match written.kind(&path) {
            Ok(Kind::File) => {
                let bytes = written.read(&path).map_err(|e| e.to_string())?;
                files.insert(ext.to_string(), bytes);
            }
            Ok(Kind::Missing) => {}
            Ok(Kind::Dir) => return Err(format!("it made a folder testcase{ext}")),
            Err(e) => return Err(format!("what it wrote is refused: {e}")),
        }
    }
    Ok((stdout, files))
}
