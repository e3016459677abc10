//! How the two processes of an interactive pass are joined: directly, or through the
//! judge's relay, which counts the bytes each side wrote.
//!
//! Either way each side has FIFOs for its standard streams in a judge-only scratch
//! folder, its launcher opens them as it opens files (so the sandbox protocol is that
//! of any run, and a FIFO standard input is handed to the program as it is, never
//! copied), and both ways keep what the verdict rules of
//! [`interaction`](crate::judge::interaction) rely on:
//!
//! - the interactor reads end of file only once the program's run has ended
//!   ([`Running::program_ended`]), never before: a program that closes its output
//!   early, or ends, cannot make the interactor end first (problemtools holds its pipe
//!   end the same way);
//! - when the interactor ends without accepting ([`Running::interactor_ended`]), a
//!   program still writing gets `SIGPIPE` (its verdict is then the interactor's);
//! - the program reads end of file once the interactor's run has ended and been
//!   reported ([`Running::interactor_ended`]), not as the interactor's process closes
//!   its descriptors on the way out: a program that crashes at once on that end of
//!   file must not be reaped before a rejecting interactor (problemtools holds its pipe
//!   ends for the same reason). An interactor that closes its output and runs on,
//!   waiting for the answer ("pseudo-interactive", as DOMjudge and BAPCtools allow),
//!   gives the program its end of file [`EOF_GRACE`] after the close, unless its input
//!   closed too (then it is ending);
//! - what the interactor writes after the program has ended is read and dropped: the
//!   interactor gets no `SIGPIPE`. What the program writes after the interactor ended
//!   accepting is not read, and gets no `SIGPIPE` either.
//!
//! # Direct
//!
//! Two FIFOs: `to_program` (the interactor's output, the program's input) and
//! `from_program`. A FIFO's open waits for its other end, so before either run starts
//! the judge opens two "keepers" of its own: `from_program` read-write (both launchers
//! open their ends at once, and the interactor never reads an end of file before the
//! program's run has ended; dropped when it has, or when the interactor rejects) and
//! `to_program` read-only (the interactor's launcher opens its output at once; once the
//! program has ended, a thread reads and drops what the interactor still writes). A
//! writer of `to_program` holds the program's end of file back; [`CloseWatch`] says
//! when to let go of it.
//!
//! # Relay
//!
//! Two processes joined by a pipe leave no record of what went through it. With the
//! relay (`--relay-interaction`), each side has its own two FIFOs, and one judge thread
//! copies from either side's output FIFO to the other side's input FIFO, counting as it
//! reads:
//!
//! ```text
//!   program ──program_out──▶ [to the interactor] ──interactor_in──▶ interactor
//!   program ◀──program_in─── [to the program]  ◀──interactor_out── interactor
//! ```
//!
//! The judge opens both output FIFOs for reading before either run starts (so each
//! launcher's open of its output does not wait), and opens each input FIFO for writing
//! as soon as the side's launcher has begun to open it for reading (a non-blocking
//! open, tried every millisecond until then): what the other side writes before that
//! waits in the relay, and nothing is lost. The interactor's closes are seen on the
//! relay's own ends (its output's end of file, `POLLERR` on its input). The counts are
//! what the judge read from
//! each side's output: the bytes that side wrote, whether or not the other side read
//! them all.
//!
//! PERF: the relay is not the default because it costs the program time. A message
//! takes one more hop each way (a wake-up of the relay thread), and each process's
//! wake-ups get dearer. In a C ping-pong of 100,000 one-line rounds on the 2-core VM
//! (no sandbox), one relay thread for both directions costs 2.6× the wall time of a
//! direct connection and +30% CPU in each process, against 3.4× and +70% with a thread
//! per direction (hence the one thread). Through the whole judge, side by side with
//! the direct connection: `benches/interaction_rounds.sh`, figures in
//! `docs/benchmarks.md`. An exchange of a few thousand messages costs milliseconds.

use rustix::event::{PollFd, PollFlags};
use std::fs::File;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// Bytes each side of an interaction wrote.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Bytes {
    /// What the program wrote to the interactor.
    pub program: u64,
    /// What the interactor wrote to the program.
    pub interactor: u64,
}

impl Bytes {
    /// The sum of two passes' counts.
    pub fn plus(self, other: Bytes) -> Bytes {
        Bytes {
            program: self.program + other.program,
            interactor: self.interactor + other.interactor,
        }
    }
}

/// The FIFOs of one interactive pass, made and half opened; [`Pipes::start`] starts
/// the connection.
pub struct Pipes {
    /// The program's standard input.
    pub program_in: PathBuf,
    /// The program's standard output.
    pub program_out: PathBuf,
    /// The interactor's standard input.
    pub interactor_in: PathBuf,
    /// The interactor's standard output.
    pub interactor_out: PathBuf,
    ends: Ends,
}

/// The judge's own ends of the FIFOs.
enum Ends {
    /// Direct: `program_in` is `interactor_out` (`to_program`), `program_out` is
    /// `interactor_in` (`from_program`).
    Direct {
        /// `to_program`, read-only, non-blocking.
        keep_to: File,
        /// `from_program`, read-write.
        keep_from: File,
        /// `to_program`, write-only: holds the program's end of file back.
        hold_to: Option<File>,
        /// Who closed the two FIFOs.
        closes: Option<CloseWatch>,
    },
    /// Relay: the two output FIFOs, read-only, non-blocking.
    Relay {
        program_reader: File,
        interactor_reader: File,
    },
}

/// Makes a FIFO at `path` (mode 0600: only the judge's user, and root's launchers,
/// open it).
fn make_fifo(path: &Path) -> Result<(), String> {
    rustix::fs::mknodat(
        rustix::fs::CWD,
        path,
        rustix::fs::FileType::Fifo,
        rustix::fs::Mode::from_raw_mode(0o600),
        0,
    )
    .map_err(|e| {
        format!(
            "cannot make the FIFO {}: {}",
            path.display(),
            std::io::Error::from(e)
        )
    })
}

/// Opens a FIFO's reading end without waiting for a writer.
fn reader(path: &Path) -> Result<File, String> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_CLOEXEC)
        .open(path)
        .map_err(|e| format!("cannot open the FIFO {}: {e}", path.display()))
}

/// Opens and closes both ends of a FIFO at once: a thread waiting to open its writing
/// end stops waiting (and then writes into a FIFO nobody reads).
fn release(path: &Path) {
    use std::os::unix::fs::OpenOptionsExt;
    let _ = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_CLOEXEC)
        .open(path);
}

/// A pipe whose two ends are close-on-exec and non-blocking, as (read end, write end):
/// a thread's wake-up call.
fn wake_pipe() -> Result<(File, File), String> {
    use rustix::pipe::PipeFlags;
    let (r, w) = rustix::pipe::pipe_with(PipeFlags::CLOEXEC | PipeFlags::NONBLOCK)
        .map_err(|e| format!("cannot make a pipe: {}", std::io::Error::from(e)))?;
    Ok((File::from(r), File::from(w)))
}

impl Pipes {
    /// Makes the FIFOs in `dir` (which must exist and be the judge's own), two for a
    /// direct connection or four for the relay, and opens the judge's ends that do not
    /// wait.
    pub fn prepare(dir: &Path, relay: bool) -> Result<Pipes, String> {
        if !relay {
            let to_program = dir.join("to_program");
            let from_program = dir.join("from_program");
            make_fifo(&to_program)?;
            make_fifo(&from_program)?;
            let keep_to = reader(&to_program)?;
            let keep_from = std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .open(&from_program)
                .map_err(|e| format!("cannot open the FIFO {}: {e}", from_program.display()))?;
            // Watched before anyone else opens them; without a watch (inotify refused),
            // no end of file is held back.
            let closes = CloseWatch::new(&to_program, &from_program);
            let hold_to = match closes {
                Some(_) => Some(writer(&to_program)?),
                None => None,
            };
            return Ok(Pipes {
                program_in: to_program.clone(),
                program_out: from_program.clone(),
                interactor_in: from_program,
                interactor_out: to_program,
                ends: Ends::Direct {
                    keep_to,
                    keep_from,
                    hold_to,
                    closes,
                },
            });
        }
        let paths = [
            dir.join("program_in"),
            dir.join("program_out"),
            dir.join("interactor_in"),
            dir.join("interactor_out"),
        ];
        for p in &paths {
            make_fifo(p)?;
        }
        let [program_in, program_out, interactor_in, interactor_out] = paths;
        Ok(Pipes {
            ends: Ends::Relay {
                program_reader: reader(&program_out)?,
                interactor_reader: reader(&interactor_out)?,
            },
            program_in,
            program_out,
            interactor_in,
            interactor_out,
        })
    }

    /// Starts the connection (the relay's thread).
    pub fn start(self) -> Result<Running, String> {
        let (program_reader, interactor_reader) = match self.ends {
            Ends::Direct {
                keep_to,
                keep_from,
                hold_to,
                closes,
            } => {
                let hold = Arc::new(Mutex::new(hold_to));
                let interactor_done = Arc::new(AtomicBool::new(false));
                let (wake, waker) = wake_pipe()?;
                let watcher = match closes {
                    Some(closes) => {
                        let (hold, done) = (Arc::clone(&hold), Arc::clone(&interactor_done));
                        let thread = std::thread::Builder::new()
                            .name("gridjudge-eof-watch".into())
                            .spawn(move || closes.watch(&wake, &hold, &done))
                            .map_err(|e| format!("cannot start a thread: {e}"))?;
                        Some(thread)
                    }
                    None => None,
                };
                return Ok(Running::Direct(Direct {
                    keep_to: Some(keep_to),
                    keep_from: Some(keep_from),
                    to_program: self.program_in,
                    interactor_done,
                    drain: None,
                    hold,
                    waker,
                    watcher,
                }));
            }
            Ends::Relay {
                program_reader,
                interactor_reader,
            } => (program_reader, interactor_reader),
        };
        let state = Arc::new(State::default());
        let (wake, waker) = wake_pipe()?;
        let lanes = [
            Lane::new(Toward::Interactor, program_reader, self.interactor_in),
            Lane::new(Toward::Program, interactor_reader, self.program_in),
        ];
        let job = Job {
            lanes,
            wake,
            state: Arc::clone(&state),
            program_out: self.program_out,
        };
        let thread = std::thread::Builder::new()
            .name("gridjudge-relay".into())
            .spawn(move || job.run())
            .map_err(|e| format!("cannot start the relay thread: {e}"))?;
        Ok(Running::Relay(RelayRunning {
            state,
            waker,
            thread,
        }))
    }
}

/// A connection at work.
pub enum Running {
    /// Direct: the judge holds its keepers.
    Direct(Direct),
    /// Through the relay.
    Relay(RelayRunning),
}

impl Running {
    /// What the program writes to the interactor counts against `bytes`, its output
    /// limit: through the relay, once it has written more, the relay reads no more of
    /// it and lets go of both ends of that direction (the program's next write gets
    /// `SIGPIPE`, the interactor reads end of file), so a program writing endlessly
    /// fills neither the interactor nor the judge. A direct connection counts nothing.
    pub(crate) fn cap_program(&self, bytes: u64) {
        if let Running::Relay(r) = self {
            r.state.program_cap.store(bytes.max(1), Ordering::SeqCst);
            r.wake();
        }
    }

    /// The program's run has ended: the interactor reads end of file once it has read
    /// what the program wrote, and what it still writes is dropped.
    pub fn program_ended(&mut self) {
        match self {
            Running::Direct(d) => d.program_ended(),
            Running::Relay(r) => r.program_ended(),
        }
    }

    /// The interactor's run has ended; unless it `accepted`, a program still writing
    /// gets `SIGPIPE`.
    pub fn interactor_ended(&mut self, accepted: bool) {
        match self {
            Running::Direct(d) => d.interactor_ended(accepted),
            Running::Relay(r) => r.interactor_ended(accepted),
        }
    }

    /// Both runs have ended: lets go of everything; the relay's counts.
    pub fn finish(self) -> Option<Bytes> {
        match self {
            Running::Direct(d) => {
                d.finish();
                None
            }
            Running::Relay(r) => Some(r.finish()),
        }
    }
}

/// A direct connection at work (see the module doc).
pub struct Direct {
    keep_to: Option<File>,
    keep_from: Option<File>,
    to_program: PathBuf,
    interactor_done: Arc<AtomicBool>,
    drain: Option<JoinHandle<()>>,
    /// The judge's writer of `to_program` while it holds the program's end of file back.
    hold: Arc<Mutex<Option<File>>>,
    /// Wakes the watcher.
    waker: File,
    watcher: Option<JoinHandle<()>>,
}

impl Direct {
    fn program_ended(&mut self) {
        // The interactor now reads end of file, and what it still writes is read and
        // dropped until it ends.
        self.keep_from = None;
        if let Some(keep) = self.keep_to.take() {
            let done = Arc::clone(&self.interactor_done);
            self.drain = std::thread::Builder::new()
                .name("gridjudge-drain".into())
                .spawn(move || drain(keep, &done))
                .ok();
        }
    }

    fn interactor_ended(&mut self, accepted: bool) {
        self.interactor_done.store(true, Ordering::SeqCst);
        // The interactor's end is known: the program may read its end of file.
        self.let_go_of_hold();
        self.keep_to = None;
        // A program's launcher still waiting to open its input (the interactor ended
        // at once) opens it and reads end of file.
        release(&self.to_program);
        if !accepted {
            self.keep_from = None;
        }
    }

    fn let_go_of_hold(&self) {
        if let Ok(mut h) = self.hold.lock() {
            *h = None;
        }
        let _ = (&self.waker).write(&[1]);
    }

    fn finish(mut self) {
        self.interactor_done.store(true, Ordering::SeqCst);
        self.let_go_of_hold();
        self.keep_to = None;
        self.keep_from = None;
        if let Some(t) = self.watcher.take() {
            let _ = t.join();
        }
        if let Some(t) = self.drain.take() {
            let _ = t.join();
        }
    }
}

/// How long the program's end of file is held back, once the interactor has closed its
/// output, waiting for a sign that the interactor is ending (see [`CloseWatch`]).
const EOF_GRACE: std::time::Duration = std::time::Duration::from_millis(250);

/// Watches the two FIFOs of a direct connection (inotify) for the interactor's closes,
/// to give the program its end of file at the right moment.
///
/// A process that ends closes every descriptor before its parent learns it ended: a
/// program that reads the end of file of an interactor that has just rejected can crash
/// and be reaped before the interactor is, and its run error would win over the
/// rejection. So the judge holds a writer of `to_program` itself, and lets go of it
/// when the interactor's run has ended and been reported ("who ended first" is then
/// decided), as problemtools holds its pipe ends. An interactor that closes its output
/// while it runs, waiting for the program's answer ("pseudo-interactive"), must not wait
/// for that: when its output closes and its input stays open for [`EOF_GRACE`], the
/// judge lets go at once. The input closing too (a process that ends closes both)
/// means the interactor is ending, and the hold lasts until its report.
struct CloseWatch {
    inotify: File,
    /// Watch of `to_program` (`IN_CLOSE_WRITE`: the interactor's output closed).
    output: i32,
    /// Watch of `from_program` (`IN_CLOSE_NOWRITE`: the interactor's input closed; no
    /// one else opens it read-only).
    input: i32,
}

impl CloseWatch {
    fn new(to_program: &Path, from_program: &Path) -> Option<CloseWatch> {
        use rustix::fs::inotify::{self, CreateFlags, WatchFlags};
        let inotify = inotify::init(CreateFlags::CLOEXEC | CreateFlags::NONBLOCK).ok()?;
        let output = inotify::add_watch(&inotify, to_program, WatchFlags::CLOSE_WRITE).ok()?;
        let input = inotify::add_watch(&inotify, from_program, WatchFlags::CLOSE_NOWRITE).ok()?;
        let inotify = File::from(inotify);
        Some(CloseWatch {
            inotify,
            output,
            input,
        })
    }

    /// The watcher thread: lets go of `hold` when the interactor closed its output and
    /// is not ending; returns when that is done, when the interactor is ending (its
    /// report lets go), or when `done`.
    fn watch(self, wake: &File, hold: &Mutex<Option<File>>, done: &AtomicBool) {
        let mut output_closed: Option<std::time::Instant> = None;
        let mut input_closed = false;
        use rustix::fs::inotify::ReadFlags;
        let mut buf = [std::mem::MaybeUninit::<u8>::uninit(); 4096];
        let mut events = rustix::fs::inotify::Reader::new(&self.inotify, &mut buf);
        loop {
            if done.load(Ordering::SeqCst) {
                return;
            }
            // Every event queued now (the descriptor does not block: AGAIN ends it).
            while let Ok(ev) = events.next() {
                if ev.wd() == self.output && ev.events().contains(ReadFlags::CLOSE_WRITE) {
                    output_closed.get_or_insert_with(std::time::Instant::now);
                }
                if ev.wd() == self.input && ev.events().contains(ReadFlags::CLOSE_NOWRITE) {
                    input_closed = true;
                }
            }
            let timeout = match output_closed {
                // Ending: the report lets go.
                Some(_) if input_closed => return,
                Some(at) => {
                    let left = EOF_GRACE.saturating_sub(at.elapsed());
                    if left.is_zero() {
                        // Still running with its output closed: pseudo-interactive.
                        if let Ok(mut h) = hold.lock() {
                            *h = None;
                        }
                        return;
                    }
                    i32::try_from(left.as_millis()).unwrap_or(i32::MAX).max(1)
                }
                None => -1,
            };
            let mut fds = [
                PollFd::new(&self.inotify, PollFlags::IN),
                PollFd::new(wake, PollFlags::IN),
            ];
            let _ = rustix::event::poll(&mut fds, timeout_of(timeout).as_ref());
        }
    }
}

/// Opens a FIFO's writing end without waiting (a reader must exist).
fn writer(path: &Path) -> Result<File, String> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .write(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_CLOEXEC)
        .open(path)
        .map_err(|e| format!("cannot open the FIFO {}: {e}", path.display()))
}

/// Reads and drops what arrives on `keep` (a non-blocking reading end) until `done`.
fn drain(mut keep: File, done: &AtomicBool) {
    let mut buf = vec![0u8; 1 << 16];
    loop {
        match keep.read(&mut buf) {
            Ok(n) if n > 0 => continue,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            _ => {}
        }
        if done.load(Ordering::SeqCst) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
}

/// What the judge has told the relay, and the counts.
#[derive(Default)]
struct State {
    program_ended: AtomicBool,
    interactor_rejected: AtomicBool,
    interactor_ended: AtomicBool,
    finish: AtomicBool,
    from_program: AtomicU64,
    from_interactor: AtomicU64,
    /// The most the program may write (its output limit; 0: no cap): past it the relay
    /// reads no more of it and lets go of its output, as on a rejection.
    program_cap: AtomicU64,
}

/// The relay at work.
pub struct RelayRunning {
    state: Arc<State>,
    /// The write end of the thread's wake-up pipe.
    waker: File,
    thread: JoinHandle<()>,
}

impl RelayRunning {
    fn wake(&self) {
        let _ = (&self.waker).write(&[1]);
    }

    fn program_ended(&self) {
        self.state.program_ended.store(true, Ordering::SeqCst);
        self.wake();
    }

    fn interactor_ended(&self, accepted: bool) {
        if !accepted {
            self.state.interactor_rejected.store(true, Ordering::SeqCst);
        }
        self.state.interactor_ended.store(true, Ordering::SeqCst);
        self.wake();
    }

    /// Counts what is left unread, stops the thread and returns the counts.
    fn finish(self) -> Bytes {
        self.state.finish.store(true, Ordering::SeqCst);
        self.wake();
        let _ = self.thread.join();
        Bytes {
            program: self.state.from_program.load(Ordering::SeqCst),
            interactor: self.state.from_interactor.load(Ordering::SeqCst),
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Toward {
    Program,
    Interactor,
}

/// The receiving side's input FIFO, as far as the relay has it.
enum Sink {
    /// Not opened yet: its reader has not begun to open it.
    Waiting(PathBuf),
    Open(File),
    /// Closed by the relay (end of file passed on) or by the receiving side: what would
    /// go there is dropped.
    Gone,
}

/// How big a piece the relay moves at a time: a pipe's default capacity.
const CHUNK: usize = 1 << 16;

/// One direction of the relay.
struct Lane {
    toward: Toward,
    /// The sending side's output FIFO, open for reading, non-blocking; `None` once let
    /// go of.
    source: Option<File>,
    /// The source is at its end.
    source_done: bool,
    /// A FIFO no writer has opened yet reads as at its end: an end counts only once a
    /// writer has been seen (data, or `POLLHUP` after it left).
    seen_writer: bool,
    sink: Sink,
    buf: Vec<u8>,
    start: usize,
    end: usize,
    /// The lane has passed on its end of file (or let go): nothing more to do.
    closed: bool,
    /// The receiving side closed its input (or ended): seen on a write or by `poll`.
    lost: bool,
    /// When the source reached its end.
    source_done_at: Option<std::time::Instant>,
}

impl Lane {
    fn new(toward: Toward, source: File, sink: PathBuf) -> Lane {
        Lane {
            toward,
            source: Some(source),
            source_done: false,
            seen_writer: false,
            sink: Sink::Waiting(sink),
            buf: vec![0; CHUNK],
            start: 0,
            end: 0,
            closed: false,
            lost: false,
            source_done_at: None,
        }
    }

    fn pending(&self) -> bool {
        self.start < self.end
    }

    /// Opens the sink if its reader has begun to open it (`ENXIO` until then).
    fn try_open_sink(&mut self) {
        use std::os::unix::fs::OpenOptionsExt;
        if let Sink::Waiting(path) = &self.sink {
            match std::fs::OpenOptions::new()
                .write(true)
                .custom_flags(libc::O_NONBLOCK | libc::O_CLOEXEC)
                .open(path)
            {
                Ok(f) => self.sink = Sink::Open(f),
                Err(e) if e.raw_os_error() == Some(libc::ENXIO) => {}
                Err(_) => self.sink = Sink::Gone,
            }
        }
    }

    /// Moves what it can without waiting; counts what it reads into `counter`, and reads
    /// no more once it is past `cap`.
    fn pump(&mut self, counter: &AtomicU64, cap: u64) {
        loop {
            if self.pending() {
                match &mut self.sink {
                    Sink::Waiting(_) => return,
                    Sink::Open(f) => match f.write(&self.buf[self.start..self.end]) {
                        Ok(n) => self.start += n,
                        Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                        Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => return,
                        // The receiving side is gone.
                        Err(_) => {
                            self.sink = Sink::Gone;
                            self.lost = true;
                        }
                    },
                    Sink::Gone => self.start = self.end,
                }
                continue;
            }
            (self.start, self.end) = (0, 0);
            let Some(source) = self.source.as_mut().filter(|_| !self.source_done) else {
                return;
            };
            if counter.load(Ordering::SeqCst) > cap {
                return;
            }
            match source.read(&mut self.buf) {
                Ok(0) if self.seen_writer => self.source_done = true,
                Ok(0) => return,
                Ok(n) => {
                    self.seen_writer = true;
                    counter.fetch_add(n as u64, Ordering::SeqCst);
                    self.end = n;
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => return,
                Err(_) => self.source_done = true,
            }
        }
    }

    /// Has the receiving side closed its input (or ended)? Asks the kernel at once.
    fn input_lost(&mut self) -> bool {
        if let Sink::Open(f) = &self.sink {
            let mut fd = [PollFd::new(f, PollFlags::empty())];
            let zero = rustix::event::Timespec {
                tv_sec: 0,
                tv_nsec: 0,
            };
            let ready = rustix::event::poll(&mut fd, Some(&zero)).unwrap_or(0);
            if ready > 0 && fd[0].revents().contains(PollFlags::ERR) {
                self.sink = Sink::Gone;
                self.lost = true;
            }
        }
        self.lost
    }

    /// Passes the end of file on: the receiving side reads it once it has read the rest.
    fn close(&mut self) {
        self.sink = Sink::Gone;
        self.source = None;
        self.closed = true;
    }
}

/// May the program read the end of file of an interactor whose output ended at `at`?
/// When its run has ended and been reported, yes; while its input is closed too (it is
/// ending), not before that; otherwise (it closed its output and runs on, waiting for
/// the answer) once [`EOF_GRACE`] has passed. `Err`: how many milliseconds to wait (-1:
/// until woken). The same rule as a direct connection's ([`CloseWatch`]).
fn eof_to_program(
    at: std::time::Instant,
    interactor_ended: bool,
    interactor_input_lost: bool,
) -> Result<(), i32> {
    if interactor_ended {
        return Ok(());
    }
    if interactor_input_lost {
        return Err(-1);
    }
    let left = EOF_GRACE.saturating_sub(at.elapsed());
    if left.is_zero() {
        return Ok(());
    }
    Err(i32::try_from(left.as_millis()).unwrap_or(i32::MAX).max(1))
}

/// The shorter of two `poll` timeouts (-1: none).
fn timeout_min(a: i32, b: i32) -> i32 {
    match (a, b) {
        (-1, t) | (t, -1) => t,
        (a, b) => a.min(b),
    }
}

/// The relay thread's work.
struct Job {
    /// Toward the interactor, toward the program.
    lanes: [Lane; 2],
    wake: File,
    state: Arc<State>,
    /// The program's output FIFO, let go of when the interactor rejects.
    program_out: PathBuf,
}

impl Job {
    fn run(mut self) {
        let state = Arc::clone(&self.state);
        let counters = [&state.from_program, &state.from_interactor];
        loop {
            let caps = match self.state.program_cap.load(Ordering::SeqCst) {
                0 => [u64::MAX; 2],
                cap => [cap, u64::MAX],
            };
            let over_cap = self.state.from_program.load(Ordering::SeqCst) > caps[0];
            let finishing = self.state.finish.load(Ordering::SeqCst);
            let program_ended = self.state.program_ended.load(Ordering::SeqCst);
            let rejected = self.state.interactor_rejected.load(Ordering::SeqCst);
            let mut timeout = -1;
            if finishing {
                // Both sides have ended: count what is left unread, and stop.
                for ((lane, counter), cap) in self.lanes.iter_mut().zip(counters).zip(caps) {
                    lane.sink = Sink::Gone;
                    if !lane.closed {
                        lane.pump(counter, cap);
                    }
                }
                return;
            }
            let [to_interactor, _] = &mut self.lanes;
            if (rejected || over_cap) && !to_interactor.closed {
                // A program still writing gets SIGPIPE.
                to_interactor.close();
            }
            if rejected && !program_ended {
                // A program's launcher that had not opened its output yet waits there
                // for a reader: let it through (every 5 ms until the program's run
                // ends) to meet the same end.
                release(&self.program_out);
                timeout = 5;
            }
            let interactor_ended = self.state.interactor_ended.load(Ordering::SeqCst);
            let interactor_input_lost = self.lanes[0].input_lost();
            for ((lane, counter), cap) in self.lanes.iter_mut().zip(counters).zip(caps) {
                if lane.closed {
                    continue;
                }
                lane.try_open_sink();
                if matches!(lane.sink, Sink::Waiting(_)) {
                    timeout = 1;
                }
                lane.pump(counter, cap);
                if lane.toward == Toward::Interactor && counter.load(Ordering::SeqCst) > cap {
                    // Past the program's output limit: let go now (see `cap_program`).
                    lane.close();
                    continue;
                }
                let may_close = match lane.toward {
                    Toward::Interactor => program_ended,
                    // The interactor's output is at its end: see `eof_to_program`.
                    Toward::Program if lane.source_done && !lane.pending() => {
                        let at = *lane
                            .source_done_at
                            .get_or_insert_with(std::time::Instant::now);
                        match eof_to_program(at, interactor_ended, interactor_input_lost) {
                            Ok(()) => true,
                            Err(wait) => {
                                timeout = timeout_min(timeout, wait);
                                false
                            }
                        }
                    }
                    Toward::Program => false,
                };
                if lane.source_done && !lane.pending() && may_close {
                    lane.close();
                }
            }
            self.wait(timeout);
        }
    }

    /// Waits until a source has data (or its end), a sink has room (or is gone), the
    /// judge wakes the thread, or `timeout_ms` passes (-1: no timeout).
    fn wait(&mut self, timeout_ms: i32) {
        // The wake-up pipe, then each lane's source and sink where they are watched;
        // `slots` says which lane and end each entry past the first is.
        let mut fds = vec![PollFd::new(&self.wake, PollFlags::IN)];
        let mut slots: Vec<(usize, bool)> = Vec::new();
        for (i, lane) in self.lanes.iter().enumerate() {
            if lane.closed {
                continue;
            }
            if let Some(s) = lane.source.as_ref().filter(|_| !lane.source_done) {
                if !lane.pending() {
                    fds.push(PollFd::new(s, PollFlags::IN));
                    slots.push((i, true));
                }
            }
            if let Sink::Open(f) = &lane.sink {
                // POLLERR comes whatever is asked for: the receiving side is gone.
                let events = if lane.pending() {
                    PollFlags::OUT
                } else {
                    PollFlags::empty()
                };
                fds.push(PollFd::new(f, events));
                slots.push((i, false));
            }
        }
        if !matches!(
            rustix::event::poll(&mut fds, timeout_of(timeout_ms).as_ref()),
            Ok(1..)
        ) {
            return;
        }
        let revents: Vec<PollFlags> = fds.iter().map(PollFd::revents).collect();
        drop(fds);
        if !revents[0].is_empty() {
            let mut drain = [0u8; 64];
            while matches!((&self.wake).read(&mut drain), Ok(n) if n > 0) {}
        }
        for (&(i, source), &got) in slots.iter().zip(&revents[1..]) {
            let lane = &mut self.lanes[i];
            if source && got.intersects(PollFlags::IN | PollFlags::HUP) {
                lane.seen_writer = true;
            }
            if !source && got.intersects(PollFlags::ERR | PollFlags::HUP) {
                lane.sink = Sink::Gone;
                lane.lost = true;
            }
        }
    }
}

/// A poll timeout of `ms` milliseconds (negative: none).
fn timeout_of(ms: i32) -> Option<rustix::event::Timespec> {
    u64::try_from(ms).ok().map(|ms| rustix::event::Timespec {
        tv_sec: (ms / 1000) as i64,
        tv_nsec: ((ms % 1000) * 1_000_000) as i64,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::Command;

    /// A shell that takes its standard streams from two FIFOs, as a launcher does.
    fn side(input: &Path, output: &Path, script: &str) -> std::process::Child {
        Command::new("sh")
            .arg("-c")
            .arg(format!(
                "exec <'{}' >'{}'; {script}",
                input.display(),
                output.display()
            ))
            .spawn()
            .expect("sh starts")
    }

    fn exchange(relay: bool) -> (Option<Bytes>, String) {
        let dir = tempfile::tempdir().expect("temp dir");
        let pipes = Pipes::prepare(dir.path(), relay).expect("FIFOs");
        let result = dir.path().join("result");
        let program = side(
            &pipes.program_in,
            &pipes.program_out,
            &format!("echo hello; read x; echo \"$x\" > '{}'", result.display()),
        );
        let interactor = side(
            &pipes.interactor_in,
            &pipes.interactor_out,
            "read l; echo \"got $l\"; cat > /dev/null",
        );
        let mut running = pipes.start().expect("started");
        let mut program = program;
        assert!(program.wait().expect("program ends").success());
        running.program_ended();
        // The interactor reads end of file only now, and ends.
        let mut interactor = interactor;
        assert!(interactor.wait().expect("interactor ends").success());
        running.interactor_ended(true);
        let bytes = running.finish();
        (bytes, std::fs::read_to_string(&result).expect("result"))
    }

    #[test]
    fn the_relay_passes_each_side_on_and_counts_what_it_wrote() {
        let (bytes, heard) = exchange(true);
        assert_eq!(heard, "got hello\n");
        assert_eq!(
            bytes,
            Some(Bytes {
                program: 6,
                interactor: 10
            })
        );
    }

    #[test]
    fn a_direct_connection_passes_the_same_and_counts_nothing() {
        let (bytes, heard) = exchange(false);
        assert_eq!(heard, "got hello\n");
        assert_eq!(bytes, None);
    }

    #[test]
    fn an_ending_interactors_end_of_file_waits_for_its_report() {
        for relay in [false, true] {
            let dir = tempfile::tempdir().expect("temp dir");
            let pipes = Pipes::prepare(dir.path(), relay).expect("FIFOs");
            let mut program = side(&pipes.program_in, &pipes.program_out, "read x; read y");
            let mut interactor = side(
                &pipes.interactor_in,
                &pipes.interactor_out,
                "echo rejected; exit 3",
            );
            let mut running = pipes.start().expect("started");
            assert!(!interactor.wait().expect("interactor ends").success());
            // Well past the grace: the program still waits for its end of file.
            std::thread::sleep(EOF_GRACE * 2);
            assert!(
                program.try_wait().expect("try_wait").is_none(),
                "relay {relay}: the program read its end of file before the report"
            );
            running.interactor_ended(false);
            assert!(
                !program.wait().expect("program ends").success(),
                "relay {relay}"
            );
            running.program_ended();
            running.finish();
        }
    }

    #[test]
    fn the_program_gets_end_of_file_when_the_interactor_closes_its_output() {
        for relay in [false, true] {
            let dir = tempfile::tempdir().expect("temp dir");
            let pipes = Pipes::prepare(dir.path(), relay).expect("FIFOs");
            let result = dir.path().join("result");
            // The program reads to its end of file, then answers.
            let mut program = side(
                &pipes.program_in,
                &pipes.program_out,
                &format!("wc -c > '{}'", result.display()),
            );
            let mut interactor = side(
                &pipes.interactor_in,
                &pipes.interactor_out,
                "printf abcd; exec >&-; cat > /dev/null",
            );
            let mut running = pipes.start().expect("started");
            assert!(program.wait().expect("program ends").success());
            running.program_ended();
            assert!(interactor.wait().expect("interactor ends").success());
            running.interactor_ended(true);
            let bytes = running.finish();
            let count = std::fs::read_to_string(&result).expect("result");
            assert_eq!(count.trim(), "4", "relay {relay}");
            if relay {
                assert_eq!(bytes.map(|b| b.interactor), Some(4));
            }
        }
    }
}
