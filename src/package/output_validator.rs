//! Output validators of a package: the default one ([`DefaultChecker`]) and the
//! package's own ([`CustomChecker`]), both as the judge's [`OutputChecker`].
//!
//! A custom validator is built once, before judging, from what the package holds: a
//! folder with executable `build` and `run` scripts (built in a copy of the folder, run
//! as `run`), or sources — every C++ file of the folder compiled together, else every C
//! file, else one Rust file, with the flags contestants' programs get
//! ([`Language::build_argv`]: `g++ -O2 -std=gnu++17`, `gcc -O2 -std=gnu11 … -lm`,
//! `rustc -O`) and the folder on the include path (`-I .`, so `testlib.h` or
//! `validate.h` beside it work),
//! else one Python file (`python3`, run from a copy of the folder). The build is the
//! setter's code but runs like a contestant's compile
//! ([`Compiler::build_in`]): in the copy of the folder, confined, with a minimal
//! environment and the compile limits.
//!
//! The validator (and an interactor, and a grader: all setter code) runs in the
//! sandbox as contestants' programs do ([`setter_isolation`]): confined, without
//! network, as a sandbox uid of its own leased from [`SETTER_SLOT`] (never the
//! program's), under limits of its own ([`jury_limits`]), in a minimal root that holds
//! the system folders, its build (read, execute), the case's input and answer
//! (read-only, at `/jury/input` and `/jury/answer`) and its feedback folder (writable,
//! `/jury/feedback/`), with the Kattis protocol:
//! `validator /jury/input /jury/answer /jury/feedback/ [FLAGS...] < team_output`; exit
//! 42 is accepted, 43 wrong answer (the reason from `judgemessage.txt`), anything else
//! a judge error. The judge reads the feedback files without following links.

use super::default_output_validator::{self, Flags};
use crate::judge::compile::{Compiler, Language};
use crate::judge::config::Case;
use crate::judge::limit_verdict::limit_verdict;
use crate::judge::problem::{OutputChecker, PassFiles, Protocol, ScoreFiles, ValidatorIo};
use crate::package::metadata::Constants;
use crate::sandbox::limits::{Isolation, Limits, MemoryMode, UidLease, MIB};
use crate::sandbox::{self, Bind, CaseDirs, ExitStatus, RunOutcome, RunSpec, BOX_DIR, JURY_DIR};
use crate::verdict::{ExitProtocol, Verdict};
use std::collections::HashMap;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The file name of a compiled validator, in its build folder.
const BUILT: &str = "gridjudge-validator.out";

/// The build of a validator's `sources` in `lang` into [`BUILT`], the folder on the
/// include path of C and C++.
fn built_with(lang: Language, sources: &[String]) -> Result<Vec<String>, String> {
    let include: &[&str] = match lang {
        Language::C | Language::Cpp => &["-I", "."],
        _ => &[],
    };
    lang.build_argv(BUILT, sources, include)
        .ok_or_else(|| "no build command for the validator's language".to_string())
}

/// The extensions of C++ sources.
const CPP: &[&str] = &["cpp", "cc", "cxx", "C"];

/// CPU time an output validator may use per case.
pub const VALIDATOR_CPU: Duration = Duration::from_secs(30);
/// Wall time an output validator may use per case (an interactor: the program's wall
/// limit plus [`INTERACTOR_GRACE`](crate::judge::interaction::INTERACTOR_GRACE), at most
/// this).
pub const VALIDATOR_WALL: Duration = Duration::from_secs(60);
/// Memory an output validator may use, bytes.
pub const VALIDATOR_MEMORY: u64 = 4096 * MIB;
/// Processes (`RLIMIT_NPROC` of its uid) setter code may run at once.
pub const VALIDATOR_PROCESSES: u64 = 64;

/// The worker slot setter code leases its uids from: `61700` onwards
/// ([`UidLease`]), apart from contestants' (`61000` + slot) and compilers' (`61500`).
pub const SETTER_SLOT: u32 = 700;

thread_local! {
    /// The setter uid of this thread: leased on its first run of setter code, held for
    /// the thread's life, so parallel workers never share one and one worker's passes
    /// and interactions keep it.
    static SETTER_LEASE: std::cell::OnceCell<UidLease> = const { std::cell::OnceCell::new() };
}

/// How setter code runs: the strongest isolation, as this thread's setter uid when the
/// judge is root (see the module documentation).
pub fn setter_isolation() -> Isolation {
    if !crate::sandbox::is_root() {
        return Isolation::strongest_for_uid(0);
    }
    let uid = SETTER_LEASE.with(|l| l.get_or_init(|| UidLease::acquire(SETTER_SLOT)).uid());
    Isolation::strongest_for_uid(uid)
}

/// Whether a run under `isolation` gets a minimal root (confined, as root, dropping to
/// a sandbox uid), where its binds appear at their inside paths.
fn has_minimal_root(isolation: &Isolation) -> bool {
    isolation.confine && isolation.run_as.is_some()
}

/// The case files of one run of setter code: each bound read-only, the feedback
/// folder writable (handed to the setter uid); a file the setter uid could not read
/// is copied beside the feedback folder first (mode 0444). Returns the binds and the
/// paths the run names them by (inside the minimal root, else the host's).
pub(crate) fn setter_binds(
    isolation: &Isolation,
    files: &[(&Path, &str)],
    feedback: Option<&Path>,
    copies: &Path,
) -> Result<(Vec<Bind>, Vec<String>), String> {
    use std::os::unix::fs::MetadataExt;
    let minimal = has_minimal_root(isolation);
    let mut binds = Vec::new();
    let mut names = Vec::new();
    for (host, name) in files {
        let host = std::path::absolute(host).unwrap_or_else(|_| host.to_path_buf());
        let meta = host
            .symlink_metadata()
            .map_err(|e| format!("cannot read {}: {e}", host.display()))?;
        if !meta.is_file() {
            return Err(format!("{} is not a regular file", host.display()));
        }
        let host = if minimal && meta.mode() & 0o004 == 0 {
            let copy = copies.join(format!("jury-{name}"));
            let bytes = crate::tree::read_file(&host).map_err(|e| e.to_string())?;
            let _ = std::fs::remove_file(&copy);
            crate::tree::write_file(&copy, &bytes).map_err(|e| e.to_string())?;
            std::fs::set_permissions(&copy, std::fs::Permissions::from_mode(0o444))
                .map_err(|e| format!("cannot chmod {}: {e}", copy.display()))?;
            copy
        } else {
            host
        };
        let inside = Path::new(JURY_DIR).join(name);
        names.push(if minimal { &inside } else { &host }.display().to_string());
        binds.push(Bind {
            host,
            inside,
            writable: false,
        });
    }
    if let Some(feedback) = feedback {
        let host = std::path::absolute(feedback).unwrap_or_else(|_| feedback.to_path_buf());
        if let Some(user) = isolation.run_as {
            std::os::unix::fs::lchown(&host, Some(user.uid), Some(user.gid))
                .map_err(|e| format!("cannot hand over {}: {e}", host.display()))?;
        }
        let inside = Path::new(JURY_DIR).join("feedback");
        names.push(format!(
            "{}/",
            if minimal { &inside } else { &host }.display()
        ));
        binds.push(Bind {
            host,
            inside,
            writable: true,
        });
    }
    Ok((binds, names))
}

/// Makes the folder `dir` readable (and its programs executable) by every user: the
/// setter uid runs from it. Links are left alone.
fn open_for_reading(dir: &Path) -> std::io::Result<()> {
    let meta = dir.symlink_metadata()?;
    if meta.is_dir() {
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o755))?;
        for entry in std::fs::read_dir(dir)? {
            open_for_reading(&entry?.path())?;
        }
    } else if meta.is_file() {
        let mode = meta.permissions().mode() & 0o7777;
        let exec = if mode & 0o100 != 0 { 0o111 } else { 0 };
        std::fs::set_permissions(
            dir,
            std::fs::Permissions::from_mode((mode & 0o755) | 0o444 | exec),
        )?;
    }
    Ok(())
}

/// The default output validator with each case's flags.
#[derive(Debug)]
pub struct DefaultChecker {
    flags: HashMap<PathBuf, Flags>,
}

impl DefaultChecker {
    /// The checker for cases `(input file, flag words)`; a bad flag is an error naming
    /// the case.
    pub fn new(cases: &[(PathBuf, Vec<String>)]) -> Result<DefaultChecker, String> {
        let mut flags = HashMap::new();
        for (input, words) in cases {
            flags.insert(
                input.clone(),
                Flags::parse(words).map_err(|e| format!("{}: {e}", input.display()))?,
            );
        }
        Ok(DefaultChecker { flags })
    }
}

impl OutputChecker for DefaultChecker {
    fn compares_with_answer(&self) -> bool {
        true
    }

    fn check(&self, case: &Case, output: &Path) -> (Verdict, String) {
        let Some(answer_path) = &case.answer else {
            return (
                Verdict::JudgeError,
                format!(
                    "no {} (the default validator compares with it)",
                    case.input.with_extension("ans").display()
                ),
            );
        };
        let (answer, out) = match (crate::tree::read_file(answer_path), std::fs::read(output)) {
            (Ok(a), Ok(o)) => (a, o),
            (Err(e), _) => return (Verdict::JudgeError, e.to_string()),
            (_, Err(e)) => return (Verdict::JudgeError, format!("cannot read the output: {e}")),
        };
        let flags = self.flags.get(&case.input).cloned().unwrap_or_default();
        match default_output_validator::judge(&answer, &out, &flags) {
            Ok(()) => (Verdict::Accepted, String::new()),
            Err(why) => (Verdict::WrongAnswer, why),
        }
    }
}

/// A built custom output validator and each case's flags.
#[derive(Debug)]
pub struct CustomChecker {
    launcher: PathBuf,
    program: PathBuf,
    prefix: Vec<String>,
    folder: PathBuf,
    flags: HashMap<PathBuf, Vec<String>>,
    protocol: Protocol,
    convention: Convention,
    _build: JuryProgram,
}

/// How a validator is called and what its exit code means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Convention {
    /// Kattis: `validator INPUT ANSWER FEEDBACK_DIR/ [FLAGS...]`, 42 accepts, 43
    /// rejects (the reason in `judgemessage.txt`), anything else is a judge error.
    Kattis,
    /// testlib (Polygon): `interactor INPUT OUTPUT ANSWER`, where OUTPUT is a file of
    /// the interactor's own; 0 accepts, 1 is WA, 2 PE, anything else (3 is testlib's
    /// FAIL) a judge error; the reason is the first line of its stderr.
    Testlib,
}

/// Copies the folder `from` to `to` through [`crate::tree`]: a link out of `from`, a
/// loop or a special file is an error naming it, and no write follows a link.
fn copy_dir(from: &Path, to: &Path) -> std::io::Result<()> {
    let tree = crate::tree::Tree::new(from).map_err(std::io::Error::other)?;
    tree.copy(from, to).map_err(std::io::Error::other)
}

/// Copies the file `source` into the folder `to`, and the C and C++ headers in its folder
/// (`testlib.h`) beside it, each a regular file of that folder (see [`copy_dir`]).
fn copy_source_and_headers(source: &Path, to: &Path) -> std::io::Result<()> {
    let folder = match source.parent().filter(|f| !f.as_os_str().is_empty()) {
        Some(f) => f.to_path_buf(),
        None => PathBuf::from("."),
    };
    let tree = crate::tree::Tree::new(&folder).map_err(std::io::Error::other)?;
    std::fs::create_dir_all(to)?;
    tree.copy(source, &to.join(source.file_name().unwrap_or_default()))
        .map_err(std::io::Error::other)?;
    for e in tree.entries(&folder).map_err(std::io::Error::other)? {
        let header = e
            .path
            .extension()
            .is_some_and(|x| x == "h" || x == "hpp" || x == "hh");
        if header && e.kind == crate::tree::Kind::File {
            tree.copy(&e.path, &to.join(e.path.file_name().unwrap_or_default()))
                .map_err(std::io::Error::other)?;
        }
    }
    Ok(())
}

/// A program of the package's jury (an output validator, a grader), built.
#[derive(Debug)]
pub struct JuryProgram {
    /// What runs: the built executable, the `run` script, or `python3`.
    pub program: PathBuf,
    /// The arguments before the protocol's (the Python file).
    pub prefix: Vec<String>,
    /// The folder it runs from (the build), bound read-only (read, execute) into its
    /// runs.
    pub folder: PathBuf,
    /// The build folder, removed with the program.
    _build: tempfile::TempDir,
}

impl JuryProgram {
    /// Builds the jury program at `source` (a folder or one source file), with the
    /// package's `constants` substituted in its copy; `what` names it in the errors
    /// (`the output validator`, `the grader`).
    pub fn build(
        source: &Path,
        launcher: &Path,
        constants: &Constants,
        what: &str,
    ) -> Result<JuryProgram, String> {
        Self::build_with_entry(source, None, launcher, constants, what)
    }

    /// [`JuryProgram::build`], with `entry` (a file name of the folder `source`) the
    /// Python file that runs when the folder has several.
    pub(crate) fn build_with_entry(
        source: &Path,
        entry: Option<&str>,
        launcher: &Path,
        constants: &Constants,
        what: &str,
    ) -> Result<JuryProgram, String> {
        let dir = tempfile::Builder::new()
            .prefix("gridjudge-validator-")
            .tempdir()
            .map_err(|e| format!("cannot create a build folder: {e}"))?;
        let work = dir.path().join("src");
        if source.is_dir() {
            copy_dir(source, &work)
        } else {
            copy_source_and_headers(source, &work)
        }
        .map_err(|e| format!("cannot copy {}: {e}", source.display()))?;
        constants
            .substitute_in_tree(&work)
            .map_err(|e| format!("cannot substitute the constants in {}: {e}", work.display()))?;
        let mut files: Vec<PathBuf> = std::fs::read_dir(&work)
            .map_err(|e| format!("cannot list {}: {e}", work.display()))?
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.is_file())
            .collect();
        files.sort();
        let ext = |p: &PathBuf, list: &[&str]| {
            p.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| list.contains(&e))
        };
        let exe = work.join(BUILT);
        let compiler = Compiler::new(launcher);
        // The compile uid passes through the build folder while it builds.
        let open_up = |mode: u32| {
            std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(mode))
                .map_err(|e| format!("cannot chmod {}: {e}", dir.path().display()))
        };
        let build = |argv: Vec<String>| -> Result<(), String> {
            open_up(0o711)?;
            let built = compiler.build_in(&work, &argv);
            open_up(0o700)?;
            built.map_err(|f| {
                let first: String = f.message.lines().take(20).collect::<Vec<_>>().join("\n");
                format!("building {what} failed ({}): {first}", argv[0])
            })
        };
        let names = |list: &[&str]| -> Vec<String> {
            files
                .iter()
                .filter(|p| ext(p, list))
                .filter_map(|p| p.file_name())
                .map(|n| n.to_string_lossy().into_owned())
                .collect()
        };
        let words = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let (program, prefix) = if work.join("build").is_file() && work.join("run").is_file() {
            build(words(&["sh", "build"]))?;
            (work.join("run"), Vec::new())
        } else if files.iter().any(|p| ext(p, CPP)) {
            build(built_with(Language::Cpp, &names(CPP))?)?;
            (exe, Vec::new())
        } else if files.iter().any(|p| ext(p, &["c"])) {
            build(built_with(Language::C, &names(&["c"]))?)?;
            (exe, Vec::new())
        } else if let Some(rs) = names(&["rs"]).first() {
            build(built_with(Language::Rust, std::slice::from_ref(rs))?)?;
            (exe, Vec::new())
        } else if let Some(py) = files
            .iter()
            .find(|p| entry.is_some_and(|e| p.file_name() == Some(e.as_ref())) && ext(p, &["py"]))
            .or_else(|| files.iter().find(|p| ext(p, &["py"])))
        {
            let python = ["/usr/bin/python3", "/usr/local/bin/python3"]
                .iter()
                .map(PathBuf::from)
                .find(|p| p.is_file())
                .ok_or_else(|| format!("python3 not found for {what} (Python)"))?;
            (python, vec![py.display().to_string()])
        } else {
            return Err(format!(
                "{}: no build/run scripts and no C, C++, Rust or Python source",
                source.display()
            ));
        };
        // The setter uid reads and runs the build: the folder (and only it) open to it.
        open_for_reading(&work).map_err(|e| format!("cannot open {}: {e}", work.display()))?;
        open_up(0o711)?;
        Ok(JuryProgram {
            program,
            prefix,
            folder: work,
            _build: dir,
        })
    }
}

/// The limits setter code runs under: [`VALIDATOR_CPU`], [`VALIDATOR_WALL`],
/// [`VALIDATOR_MEMORY`] (peak RSS, in its own memory cgroup), 64 MiB of output,
/// [`VALIDATOR_PROCESSES`] processes, [`OPEN_FILES`](crate::sandbox::limits::OPEN_FILES)
/// descriptors.
pub fn jury_limits() -> Limits {
    let mut limits = Limits::new(VALIDATOR_CPU, VALIDATOR_MEMORY);
    limits.wall = VALIDATOR_WALL;
    limits.memory_mode = MemoryMode::PeakRss;
    limits.output_bytes = 64 * MIB;
    limits.processes = Some(VALIDATOR_PROCESSES);
    limits
}

impl CustomChecker {
    /// Builds the validator at `source` (a folder or one source file), with the
    /// package's `constants` substituted in its copy.
    pub fn build(
        source: &Path,
        launcher: &Path,
        cases: &[(PathBuf, Vec<String>)],
        constants: &Constants,
    ) -> Result<CustomChecker, String> {
        let built = JuryProgram::build(source, launcher, constants, "the output validator")?;
        Ok(CustomChecker {
            launcher: launcher.to_path_buf(),
            program: built.program.clone(),
            prefix: built.prefix.clone(),
            folder: built.folder.clone(),
            flags: cases.iter().cloned().collect(),
            protocol: Protocol::BATCH,
            convention: Convention::Kattis,
            _build: built,
        })
    }
}

impl CustomChecker {
    /// This validator as an interactor and/or the validator of a multi-pass problem.
    pub(crate) fn with_protocol(mut self, protocol: Protocol) -> CustomChecker {
        self.protocol = protocol;
        self
    }

    /// This validator called in another convention.
    pub(crate) fn with_convention(mut self, convention: Convention) -> CustomChecker {
        self.convention = convention;
        self
    }
}

/// The text of the feedback file `path` the setter code wrote, if it is a regular
/// file: a link (`judgemessage.txt -> /etc/shadow`) is never followed (`O_NOFOLLOW`),
/// a FIFO never blocks the judge.
pub(crate) fn read_feedback(path: &Path) -> Option<String> {
    use std::io::Read;
    use std::os::unix::fs::OpenOptionsExt;
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_NOCTTY)
        .open(path)
        .ok()?;
    if !file.metadata().ok()?.is_file() {
        return None;
    }
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes).ok()?;
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

/// The number in the feedback file `name`, if the validator wrote it; `Err` says the
/// file's contents are not a number.
fn score_file(feedback: &Path, name: &str) -> Result<Option<f64>, String> {
    let Some(text) = read_feedback(&feedback.join(name)) else {
        return Ok(None);
    };
    match text.trim().parse::<f64>() {
        Ok(x) if x.is_finite() => Ok(Some(x)),
        _ => Err(format!(
            "the output validator's {name}: {:?} is not a number",
            text.trim().chars().take(40).collect::<String>()
        )),
    }
}

impl OutputChecker for CustomChecker {
    fn check(&self, case: &Case, output: &Path) -> (Verdict, String) {
        let (v, m, _) = self.check_scored(case, output);
        (v, m)
    }

    fn check_scored(&self, case: &Case, output: &Path) -> (Verdict, String, ScoreFiles) {
        let none = ScoreFiles::default();
        let je = |m: String| (Verdict::JudgeError, m, none);
        let Ok(io) = CaseDirs::new(None) else {
            return je("cannot create the validator's folders".into());
        };
        // Outside the working folder, which the run's root covers.
        let Ok(jury) = tempfile::Builder::new().prefix("gridjudge-jury-").tempdir() else {
            return je("cannot create the validator's folders".into());
        };
        let feedback = jury.path().join("feedback");
        if let Err(e) = std::fs::create_dir(&feedback) {
            return je(format!("cannot create the feedback folder: {e}"));
        }
        let absolute = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
        let output = absolute(output);
        let (stdout, stderr) = (io.stdout(), io.stderr());
        let files = PassFiles {
            input: &case.input,
            feedback: &feedback,
        };
        let vio = ValidatorIo {
            stdin: &output,
            stdout: &stdout,
            stderr: &stderr,
            workdir: io.workdir(),
            hide: Vec::new(),
        };
        let spec = match self.validator_run(case, &files, &vio) {
            Ok(s) => s,
            Err(e) => return je(e),
        };
        match sandbox::Sandbox::new(&self.launcher).run(&spec) {
            Ok(outcome) => {
                let (v, m) = self.exit_verdict(&outcome, &spec, &feedback);
                match (
                    score_file(&feedback, "score.txt"),
                    score_file(&feedback, "score_multiplier.txt"),
                ) {
                    (Ok(score), Ok(multiplier)) => (v, m, ScoreFiles { score, multiplier }),
                    (Err(e), _) | (_, Err(e)) => je(e),
                }
            }
            Err(e) => je(format!("output validator: {e}")),
        }
    }

    fn protocol(&self) -> Protocol {
        self.protocol
    }

    fn validator_run(
        &self,
        case: &Case,
        pass: &PassFiles<'_>,
        io: &ValidatorIo<'_>,
    ) -> Result<RunSpec, String> {
        let copies = pass.feedback.parent().unwrap_or(io.workdir);
        let answer = match &case.answer {
            Some(a) => a.clone(),
            None => {
                let empty = copies.join("empty.ans");
                std::fs::write(&empty, b"")
                    .map_err(|e| format!("cannot write {}: {e}", empty.display()))?;
                empty
            }
        };
        let isolation = setter_isolation();
        let (mut binds, names) = setter_binds(
            &isolation,
            &[(pass.input, "input"), (&answer, "answer")],
            Some(pass.feedback),
            copies,
        )?;
        let [input, answer, feedback] = names.as_slice() else {
            return Err("the validator's case files".into());
        };
        let mut argv = vec![self.program.display().to_string()];
        argv.extend(self.prefix.iter().cloned());
        argv.push(input.clone());
        match self.convention {
            Convention::Kattis => {
                argv.push(answer.clone());
                argv.push(feedback.clone());
                argv.extend(self.flags.get(&case.input).cloned().unwrap_or_default());
            }
            Convention::Testlib => {
                // The interactor's own file, in its working folder.
                let tout = if has_minimal_root(&isolation) {
                    Path::new(BOX_DIR).join("tout.txt")
                } else {
                    io.workdir.join("tout.txt")
                };
                argv.push(tout.display().to_string());
                argv.push(answer.clone());
                // No feedback folder in this convention.
                binds.pop();
            }
        }
        let absolute = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
        let limits = jury_limits();
        Ok(RunSpec {
            program: self.program.clone(),
            argv,
            env: sandbox::default_env(io.workdir),
            workdir: io.workdir.to_path_buf(),
            stdin: absolute(io.stdin),
            stdout: io.stdout.to_path_buf(),
            stderr: io.stderr.to_path_buf(),
            limits,
            isolation,
            hide: io.hide.clone(),
            read_only: vec![self.folder.clone()],
            keep_workdir: false,
            binds,
            wait_share: None,
        })
    }

    fn validator_verdict(
        &self,
        outcome: &RunOutcome,
        spec: &RunSpec,
        feedback: &Path,
    ) -> (Verdict, String) {
        self.exit_verdict(outcome, spec, feedback)
    }

    fn pass_scores(&self, feedback: &Path) -> Result<ScoreFiles, String> {
        Ok(ScoreFiles {
            score: score_file(feedback, "score.txt")?,
            multiplier: score_file(feedback, "score_multiplier.txt")?,
        })
    }
}

impl CustomChecker {
    /// The verdict of the validator's run by its exit code (the [`Convention`]'s).
    fn exit_verdict(
        &self,
        outcome: &RunOutcome,
        spec: &RunSpec,
        feedback: &Path,
    ) -> (Verdict, String) {
        let message = read_feedback(&feedback.join("judgemessage.txt"))
            .unwrap_or_default()
            .trim()
            .chars()
            .take(4000)
            .collect::<String>();
        let who = if self.protocol.interactive {
            "interactor"
        } else {
            "output validator"
        };
        if self.convention == Convention::Testlib {
            let stderr = std::fs::read_to_string(&spec.stderr).unwrap_or_default();
            let said = stderr.lines().next().unwrap_or_default().trim().to_string();
            let verdict = match (outcome.killed_for, outcome.status) {
                (None, ExitStatus::Exited(code)) => ExitProtocol::Testlib.verdict(code),
                _ => None,
            };
            return match verdict {
                Some(verdict) => (verdict, said),
                None => {
                    let why = limit_verdict(outcome, &spec.limits)
                        .map(|(v, m)| format!("{v}: {m}"))
                        .unwrap_or_else(|| format!("{:?}", outcome.status));
                    (Verdict::JudgeError, format!("{who} failed ({why}): {said}"))
                }
            };
        }
        let said = match (outcome.killed_for, outcome.status) {
            (None, ExitStatus::Exited(code)) => ExitProtocol::Kattis.verdict(code),
            _ => None,
        };
        match said {
            Some(Verdict::Accepted) => (Verdict::Accepted, message),
            Some(verdict) => (
                verdict,
                if message.is_empty() {
                    format!("rejected by the {who}")
                } else {
                    message
                },
            ),
            None => {
                let stderr = std::fs::read_to_string(&spec.stderr).unwrap_or_default();
                let why = limit_verdict(outcome, &spec.limits)
                    .map(|(v, m)| format!("{v}: {m}"))
                    .unwrap_or_else(|| format!("{:?}", outcome.status));
                (
                    Verdict::JudgeError,
                    format!(
                        "{who} failed ({why}): {}",
                        stderr.lines().next().unwrap_or(&message)
                    ),
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn feedback_files_are_read_without_following_links() {
        let dir = tempfile::tempdir().expect("temp dir");
        let secret = dir.path().join("secret");
        std::fs::write(&secret, "7\n").expect("write");
        let feedback = dir.path().join("feedback");
        std::fs::create_dir(&feedback).expect("mkdir");
        std::os::unix::fs::symlink(&secret, feedback.join("score.txt")).expect("link");
        assert_eq!(score_file(&feedback, "score.txt"), Ok(None));
        std::os::unix::fs::symlink(&secret, feedback.join("judgemessage.txt")).expect("link");
        assert_eq!(read_feedback(&feedback.join("judgemessage.txt")), None);
        std::fs::write(feedback.join("score_multiplier.txt"), "2\n").expect("write");
        assert_eq!(score_file(&feedback, "score_multiplier.txt"), Ok(Some(2.0)));
    }
}
