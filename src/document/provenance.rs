//! Where a report came from: the gridjudge that judged (version and commit), when, on
//! which kernel, and which program (the SHA-256 of the files that make it up). Every
//! report of a judging session carries it — JSON under `"provenance"`, JUnit as
//! properties and the suite's timestamp, HTML in its header, the table under the
//! sandbox line, github-action-benchmark in each entry's `extra` — so that a report
//! kept as a CI artefact or a baseline still says what it measured. The Bencher Metric
//! Format has no place for it (a document is measures by benchmark name only); Bencher
//! records the commit itself (`bencher run --hash`).
//!
//! A baseline compared with a run ([`crate::report::baseline`]) is checked
//! against it with [`Provenance::differences`]: a baseline of another gridjudge,
//! another kernel or another program is still compared, and the comparison says so.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::path::Path;

/// The gridjudge version, and the commit it was built from where that is known
/// (`0.1.0 (5f2c8e1a9b04…)`, the whole commit): what `gridjudge --version` prints. Set by
/// `build.rs`.
pub const VERSION: &str = env!("GRIDJUDGE_VERSION");

/// Where a session's report came from. Fields in the order of the JSON report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Provenance {
    /// The commit gridjudge was built from (`null` when the build did not know it).
    #[serde(default)]
    pub commit: Option<String>,
    /// The CPUs the judge could use.
    #[serde(default)]
    pub cpus: usize,
    /// The gridjudge version (`0.1.0`).
    #[serde(default)]
    pub gridjudge: String,
    /// The kernel: `Linux 6.1.0-18-amd64 x86_64`.
    #[serde(default)]
    pub kernel: String,
    /// SHA-256 of the program's files, in hex (`null` for the reference solver, or a
    /// program whose files could not be read).
    #[serde(default)]
    pub program_sha256: Option<String>,
    /// When the session started: RFC 3339, UTC, to the second.
    #[serde(default)]
    pub started: String,
}

impl Provenance {
    /// The provenance of a session starting now, judging the program made of `files`
    /// (`None`: the reference solver, nothing to hash).
    pub fn now(files: Option<&[&Path]>) -> Provenance {
        let started = chrono::DateTime::<chrono::Utc>::from(std::time::SystemTime::now())
            .to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
        Provenance {
            commit: option_env!("GRIDJUDGE_COMMIT")
                .filter(|c| !c.is_empty())
                .map(str::to_string),
            cpus: std::thread::available_parallelism().map_or(1, usize::from),
            gridjudge: env!("CARGO_PKG_VERSION").to_string(),
            kernel: kernel(),
            program_sha256: files.and_then(|f| sha256_of_files(f).ok()),
            started,
        }
    }

    /// `gridjudge 0.1.0 (5f2c8e1a9b04), 2026-12-03T14:05:09Z, Linux 6.1.0 x86_64, 2
    /// CPU(s), program sha256 1f0c…`: one line for the table and HTML headers.
    pub fn line(&self) -> String {
        let program = match &self.program_sha256 {
            Some(h) => format!("program sha256 {}", short(h)),
            None => "program not hashed".to_string(),
        };
        format!("{}, {program}", self.run_line())
    }

    /// [`line`](Self::line) without the program: for a report of many programs
    /// (`verify-submissions`, whose rows each carry their own hash).
    pub fn run_line(&self) -> String {
        let commit = match &self.commit {
            Some(c) => format!(" ({})", short(c)),
            None => String::new(),
        };
        format!(
            "gridjudge {}{commit}, {}, {}, {} CPU(s)",
            self.gridjudge, self.started, self.kernel, self.cpus
        )
    }

    /// How `baseline` (an earlier report's provenance) differs from this one in what
    /// makes numbers incomparable: another gridjudge, another kernel or number of CPUs,
    /// another program. Empty when they agree; a baseline without provenance (written
    /// before reports carried it) is one difference.
    pub fn differences(&self, baseline: Option<&Provenance>) -> Vec<String> {
        let Some(old) = baseline else {
            return vec![
                "the baseline report does not say which gridjudge, machine or program it is of"
                    .to_string(),
            ];
        };
        let mut out = Vec::new();
        let build = |p: &Provenance| match &p.commit {
            Some(c) => format!("{} ({})", p.gridjudge, short(c)),
            None => p.gridjudge.clone(),
        };
        if (old.gridjudge.as_str(), old.commit.as_deref())
            != (self.gridjudge.as_str(), self.commit.as_deref())
        {
            out.push(format!(
                "the baseline is of gridjudge {}, this run of {}",
                build(old),
                build(self)
            ));
        }
        if (old.kernel.as_str(), old.cpus) != (self.kernel.as_str(), self.cpus) {
            out.push(format!(
                "the baseline ran on {} with {} CPU(s), this run on {} with {} CPU(s)",
                old.kernel, old.cpus, self.kernel, self.cpus
            ));
        }
        if old.program_sha256 != self.program_sha256 {
            let hash = |h: &Option<String>| {
                h.as_deref()
                    .map_or("not hashed".to_string(), |h| format!("sha256 {}", short(h)))
            };
            out.push(format!(
                "the baseline judged another program ({}), this run {}",
                hash(&old.program_sha256),
                hash(&self.program_sha256)
            ));
        }
        out
    }
}

/// The first 12 digits of a hash or commit (with a `-dirty` suffix kept).
fn short(hex: &str) -> String {
    match hex.split_once('-') {
        Some((h, rest)) => format!("{}-{rest}", &h[..h.len().min(12)]),
        None => hex[..hex.len().min(12)].to_string(),
    }
}

/// `Linux 6.1.0-18-amd64 x86_64`, from `/proc/sys/kernel` (the fields of `uname -srm`).
fn kernel() -> String {
    let read = |name: &str| {
        std::fs::read_to_string(Path::new("/proc/sys/kernel").join(name))
            .map(|s| s.trim().to_string())
            .unwrap_or_else(|_| "?".to_string())
    };
    format!(
        "{} {} {}",
        read("ostype"),
        read("osrelease"),
        std::env::consts::ARCH
    )
}

/// SHA-256 over `files` in order: each file's name (its last component) and length,
/// then its bytes; a folder contributes every regular file below it, in sorted order,
/// by its path below the folder. Links are not followed. Read in blocks: the judge's
/// memory stays bounded whatever the size of the program.
pub fn sha256_of_files(files: &[&Path]) -> std::io::Result<String> {
    let mut hasher = Sha256::new();
    for file in files {
        let name = file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        hash_entry(&mut hasher, file, &name)?;
    }
    Ok(hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect())
}

/// Adds `path` (named `name` in the hash) to `hasher`: a file's bytes, a folder's files.
fn hash_entry(hasher: &mut Sha256, path: &Path, name: &str) -> std::io::Result<()> {
    let meta = std::fs::symlink_metadata(path)?;
    if meta.is_dir() {
        let mut entries: Vec<_> = std::fs::read_dir(path)?
            .filter_map(Result::ok)
            .map(|e| e.file_name())
            .collect();
        entries.sort();
        for entry in entries {
            let below = format!("{name}/{}", entry.to_string_lossy());
            hash_entry(hasher, &path.join(&entry), &below)?;
        }
        return Ok(());
    }
    if !meta.is_file() {
        return Ok(());
    }
    hasher.update(name.as_bytes());
    hasher.update([0]);
    hasher.update(meta.len().to_le_bytes());
    let mut file = std::fs::File::open(path)?;
    std::io::copy(&mut file, hasher)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Provenance {
        Provenance {
            commit: Some("5f2c8e1a9b04c0ffee".to_string()),
            cpus: 2,
            gridjudge: "0.1.0".to_string(),
            kernel: "Linux 6.1.0 x86_64".to_string(),
            program_sha256: Some("ab".repeat(32)),
            started: "2026-12-03T14:05:09Z".to_string(),
        }
    }

    #[test]
    fn the_line_names_the_build_the_time_the_kernel_and_the_program() {
        assert_eq!(
            sample().line(),
            "gridjudge 0.1.0 (5f2c8e1a9b04), 2026-12-03T14:05:09Z, Linux 6.1.0 x86_64, \
             2 CPU(s), program sha256 abababababab"
        );
    }

    #[test]
    fn a_baseline_differs_in_build_machine_and_program_but_not_in_time() {
        let now = sample();
        let mut old = sample();
        old.started = "2020-01-01T00:00:00Z".to_string();
        assert!(now.differences(Some(&old)).is_empty());
        old.commit = Some("0123456789abcdef".to_string());
        old.cpus = 4;
        old.program_sha256 = Some("cd".repeat(32));
        let d = now.differences(Some(&old));
        assert_eq!(d.len(), 3, "{d:?}");
        assert!(d[0].contains("gridjudge 0.1.0 (0123456789ab), this run of 0.1.0 (5f2c8e1a9b04)"));
        assert!(d[1].contains("4 CPU(s)"), "{}", d[1]);
        assert!(d[2].contains("sha256 cdcdcdcdcdcd"), "{}", d[2]);
        assert_eq!(now.differences(None).len(), 1);
    }

    #[test]
    fn the_hash_is_of_names_and_bytes_and_tells_programs_apart() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let a = dir.path().join("a.cpp");
        let b = dir.path().join("b.cpp");
        std::fs::write(&a, "int main(){}").expect("write");
        std::fs::write(&b, "int main(){}").expect("write");
        let ha = sha256_of_files(&[&a]).expect("hash");
        assert_eq!(ha.len(), 64);
        assert_eq!(ha, sha256_of_files(&[&a]).expect("hash"));
        assert_ne!(ha, sha256_of_files(&[&b]).expect("hash"), "the name counts");
        std::fs::write(&a, "int main(){return 1;}").expect("write");
        assert_ne!(ha, sha256_of_files(&[&a]).expect("hash"), "the bytes count");
        // A folder is its files, sorted.
        let folder = sha256_of_files(&[dir.path()]).expect("hash");
        assert_eq!(folder, sha256_of_files(&[dir.path()]).expect("hash"));
        assert!(sha256_of_files(&[&dir.path().join("none")]).is_err());
    }

    #[test]
    fn now_knows_the_version_and_the_kernel() {
        let p = Provenance::now(None);
        assert_eq!(p.gridjudge, env!("CARGO_PKG_VERSION"));
        assert!(p.kernel.starts_with("Linux "), "{}", p.kernel);
        assert!(
            p.started.ends_with('Z') && p.started.len() == 20,
            "{}",
            p.started
        );
        assert!(p.cpus >= 1);
        assert_eq!(p.program_sha256, None);
        assert!(VERSION.starts_with(env!("CARGO_PKG_VERSION")));
    }
}
