//! The programs the judge runs outside the sandbox (rustup's proxy asked for the
//! sysroot, the launcher) take nothing from the folder it is run in nor from the
//! caller's environment (`gridjudge::sandbox::host`).
//!
//! The judge runs `verify-submissions --package .` from inside a package that plants
//! every configuration a tool reads from its working folder, its parents or its
//! environment: a `rust-toolchain.toml` whose toolchain is the package's own
//! `tools/bin/rustc`, `.cargo/config.toml`, `pyvenv.cfg`, `sitecustomize.py` and
//! `usercustomize.py`, `.python-version`, a `rustc` and a `python3` in the folder
//! itself, and a caller's environment whose `PATH` starts with relative entries naming
//! them, with `RUSTUP_TOOLCHAIN`, `RUSTC`, `RUSTC_WRAPPER`, `PYTHONPATH`,
//! `PYTHONSTARTUP`, `PYTHONHOME`, `BASH_ENV` and `ENV` pointing into the package. Each
//! planted program appends a line to a file of a marker folder when it runs; the
//! controls show the plants working against the tools run the usual way, then the
//! judge's run leaves the marker folder empty and judges every submission (Rust,
//! Python, a Python folder importing its own module) as usual.

use crate::support;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().expect("a parent")).expect("mkdir");
    std::fs::write(path, text).expect("write");
}

fn executable(path: &Path, text: &str) {
    write(path, text);
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
}

/// The sysroot of the Rust toolchain the tests run with, asked from `/` with no
/// toolchain override.
fn real_sysroot() -> PathBuf {
    let out = Command::new("rustc")
        .args(["--print", "sysroot"])
        .current_dir("/")
        .env_remove("RUSTUP_TOOLCHAIN")
        .output()
        .expect("rustc runs");
    assert!(out.status.success(), "{out:?}");
    PathBuf::from(String::from_utf8_lossy(&out.stdout).trim())
}

/// A package folder full of plants, and the marker folder they write to.
struct Hostile {
    _root: tempfile::TempDir,
    pkg: PathBuf,
    markers: PathBuf,
}

impl Hostile {
    /// The names of the plants that ran (the marker files), sorted.
    fn ran(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.markers)
            .expect("the marker folder")
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    fn forget(&self) {
        std::fs::remove_dir_all(&self.markers).expect("rm markers");
        std::fs::create_dir(&self.markers).expect("mkdir markers");
    }

    /// The caller's environment a tool such as direnv could have loaded from the
    /// package: each variable names one of its plants.
    fn hostile_env(&self) -> Vec<(String, String)> {
        let p = |rel: &str| self.pkg.join(rel).display().to_string();
        let path = std::env::var("PATH").unwrap_or_default();
        vec![
            ("PATH".into(), format!("tools/bin::.:{path}")),
            ("RUSTUP_TOOLCHAIN".into(), p("tools")),
            ("RUSTC".into(), p("tools/bin/rustc")),
            ("RUSTC_WRAPPER".into(), p("tools/bin/rustc")),
            ("CARGO_BUILD_RUSTC".into(), p("tools/bin/rustc")),
            ("PYTHONPATH".into(), p("pylib")),
            ("PYTHONSTARTUP".into(), p("pylib/startup.py")),
            ("PYTHONHOME".into(), p("pyhome")),
            ("PYTHONUSERBASE".into(), p("userbase")),
            ("BASH_ENV".into(), p("tools/env.sh")),
            ("ENV".into(), p("tools/env.sh")),
        ]
    }
}

fn hostile_package() -> Hostile {
    let root = tempfile::tempdir().expect("temp dir");
    let pkg = root.path().join("sum");
    let markers = root.path().join("markers");
    std::fs::create_dir(&markers).expect("mkdir");
    let mark = |what: &str| markers.join(what).display().to_string();
    // A program that leaves its mark, then does the job of `real`.
    let plant = |what: &str, real: &Path| {
        format!(
            "#!/bin/sh\necho \"$0 $*\" >> '{}'\nexec '{}' \"$@\"\n",
            mark(what),
            real.display()
        )
    };
    let rustc = real_sysroot().join("bin/rustc");
    let python = Path::new("/usr/bin/python3");
    let py_mark = |what: &str| format!("open(r'{}', 'a').write('ran\\n')\n", mark(what));

    write(&pkg.join("problem.yaml"), "name: Sum\n");
    write(&pkg.join("data/sample/1.in"), "3 4\n");
    write(&pkg.join("data/sample/1.ans"), "7\n");
    write(&pkg.join("data/secret/1.in"), "-5 12\n");
    write(&pkg.join("data/secret/1.ans"), "7\n");
    let ac = pkg.join("submissions/accepted");
    write(
        &ac.join("sum.rs"),
        "use std::io::Read;\nfn main() {\n    let mut s = String::new();\n    \
         std::io::stdin().read_to_string(&mut s).expect(\"stdin\");\n    \
         let t: i64 = s.split_whitespace().map(|w| w.parse::<i64>().expect(\"a number\")).sum();\n    \
         println!(\"{t}\");\n}\n",
    );
    write(
        &ac.join("sum.py"),
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    write(
        &ac.join("pyfolder/main.py"),
        "import util\nprint(util.total(input()))\n",
    );
    write(
        &ac.join("pyfolder/util.py"),
        "def total(line):\n    return sum(map(int, line.split()))\n",
    );

    // rustup: the folder's toolchain file (`/proc/self/cwd` is whatever folder rustup
    // runs in), the toolchain named by RUSTUP_TOOLCHAIN, a `rustc` in relative PATH
    // entries, and cargo's configuration.
    write(
        &pkg.join("rust-toolchain.toml"),
        "[toolchain]\npath = \"/proc/self/cwd/tools\"\n",
    );
    executable(&pkg.join("tools/bin/rustc"), &plant("tools-rustc", &rustc));
    executable(&pkg.join("tools/bin/cargo"), &plant("tools-cargo", &rustc));
    executable(&pkg.join("rustc"), &plant("folder-rustc", &rustc));
    write(
        &pkg.join(".cargo/config.toml"),
        "[build]\nrustc = \"tools/bin/rustc\"\nrustc-wrapper = \"tools/bin/rustc\"\n",
    );
    // Python: an interpreter of the folder's own (in PATH, and as a virtual
    // environment's home), the files the `site` module imports, pyenv's version file.
    executable(
        &pkg.join("tools/bin/python3"),
        &plant("tools-python3", python),
    );
    executable(&pkg.join("python3"), &plant("folder-python3", python));
    write(
        &pkg.join("pyvenv.cfg"),
        &format!(
            "home = {}\ninclude-system-site-packages = false\n",
            pkg.join("tools/bin").display()
        ),
    );
    write(
        &pkg.join("sitecustomize.py"),
        &py_mark("folder-sitecustomize"),
    );
    write(
        &pkg.join("usercustomize.py"),
        &py_mark("folder-usercustomize"),
    );
    write(
        &pkg.join("pylib/sitecustomize.py"),
        &py_mark("pythonpath-sitecustomize"),
    );
    write(&pkg.join("pylib/startup.py"), &py_mark("pythonstartup"));
    write(&pkg.join("pyhome/README"), "no standard library here\n");
    write(
        &pkg.join(".python-version"),
        "../../../../../../../../tools\n",
    );
    // Shells: the file a non-interactive bash (`BASH_ENV`) or a POSIX sh (`ENV`) reads.
    write(
        &pkg.join("tools/env.sh"),
        &format!("echo ran >> '{}'\n", mark("shell-env")),
    );
    Hostile {
        _root: root,
        pkg,
        markers,
    }
}

fn rustup_present() -> bool {
    Command::new("rustup")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn judging_from_inside_a_hostile_package_runs_none_of_its_code() {
    let _machine = support::machine::shared();
    let hostile = hostile_package();

    // Controls: the plants work against the tools run the usual way.
    if rustup_present() {
        // The toolchain file of the folder rustup runs in.
        let out = Command::new("rustc")
            .args(["--print", "sysroot"])
            .current_dir(&hostile.pkg)
            .env_remove("RUSTUP_TOOLCHAIN")
            .output()
            .expect("rustc runs");
        assert!(out.status.success(), "{out:?}");
        assert_eq!(hostile.ran(), ["tools-rustc"], "rust-toolchain.toml");
        hostile.forget();
        // The caller's RUSTUP_TOOLCHAIN, from a neutral folder.
        let out = Command::new("rustc")
            .args(["--print", "sysroot"])
            .current_dir("/")
            .env("RUSTUP_TOOLCHAIN", hostile.pkg.join("tools"))
            .output()
            .expect("rustc runs");
        assert!(out.status.success(), "{out:?}");
        assert_eq!(hostile.ran(), ["tools-rustc"], "RUSTUP_TOOLCHAIN");
        hostile.forget();
    } else {
        eprintln!("no rustup: the rustup controls are skipped");
    }
    // The caller's PYTHONPATH, read by any Python the judge would run.
    let out = Command::new("/usr/bin/python3")
        .args(["-c", "pass"])
        .current_dir(&hostile.pkg)
        .env("PYTHONPATH", hostile.pkg.join("pylib"))
        .output()
        .expect("python3 runs");
    assert!(out.status.success(), "{out:?}");
    assert_eq!(hostile.ran(), ["pythonpath-sitecustomize"], "PYTHONPATH");
    hostile.forget();
    // A relative PATH entry, searched the way a shell searches it.
    let out = Command::new("sh")
        .args(["-c", "rustc --version"])
        .current_dir(&hostile.pkg)
        .env("PATH", hostile.hostile_env()[0].1.clone())
        .env_remove("RUSTUP_TOOLCHAIN")
        .output()
        .expect("sh runs");
    assert!(out.status.success(), "{out:?}");
    assert_eq!(hostile.ran(), ["tools-rustc"], "PATH=tools/bin::.:…");
    hostile.forget();

    // The judge, run from inside the package, with the hostile environment.
    let out = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(["verify-submissions", "--package", "."])
        .args(["--time-limit", "5", "--format", "json"])
        .current_dir(&hostile.pkg)
        .envs(hostile.hostile_env())
        .output()
        .expect("gridjudge runs");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    assert_eq!(
        hostile.ran(),
        Vec::<String>::new(),
        "the judge ran a program of the package outside the sandbox\n{json}"
    );
    let mut judged: Vec<(String, String)> = json["submissions"]
        .as_array()
        .expect("submissions")
        .iter()
        .map(|s| {
            (
                s["submission"].as_str().unwrap_or_default().to_string(),
                format!(
                    "{} {}",
                    s["got"].as_str().unwrap_or_default(),
                    s["message"].as_str().unwrap_or_default()
                ),
            )
        })
        .collect();
    judged.sort();
    let names: Vec<&str> = judged.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        ["accepted/pyfolder", "accepted/sum.py", "accepted/sum.rs"],
        "{json}"
    );
    for (name, got) in &judged {
        assert!(got.starts_with("AC"), "{name}: {got}\n{json}");
    }
    assert_eq!(out.status.code(), Some(0), "{json}");
}
