//! The address space a program file's image needs: the span of its ELF loadable
//! segments, `.bss` included.
//!
//! Under an address-space limit (`--memory-mode as`, `RLIMIT_AS`) the kernel cannot
//! load an image bigger than the limit (a static array of 1 GiB): the exec fails after
//! its point of no return and the process dies of `SIGSEGV` before running an
//! instruction of its own. The launcher measures the image of a run that died so, and
//! the verdict is MLE, as judges with an address-space limit give it, not a crash. In
//! peak-RSS mode such an image loads (untouched pages are no memory held) and nothing
//! here is asked.

use object::elf::{FileHeader32, FileHeader64, PT_LOAD};
use object::read::elf::{FileHeader, ProgramHeader};
use object::{Endianness, FileKind};
use std::io::Read;
use std::path::Path;

/// How much of a program file is read for its headers: the ELF header and the program
/// headers come first in every linker's output.
const HEADER_BYTES: u64 = 1 << 20;

/// The kernel maps whole pages.
const PAGE: u64 = 4096;

/// The address space, bytes, from the page of the lowest loadable segment to the end of
/// the highest (their sizes in memory), as the kernel reserves it for the image;
/// `None` when `path` is not an ELF file whose headers lie in its first MiB.
pub fn image_span(path: &Path) -> Option<u64> {
    let mut data = Vec::new();
    std::fs::File::open(path)
        .ok()?
        .take(HEADER_BYTES)
        .read_to_end(&mut data)
        .ok()?;
    span_of(&data)
}

/// [`image_span`] of the file's first bytes `data`.
pub fn span_of(data: &[u8]) -> Option<u64> {
    match FileKind::parse(data).ok()? {
        FileKind::Elf32 => span::<FileHeader32<Endianness>>(data),
        FileKind::Elf64 => span::<FileHeader64<Endianness>>(data),
        _ => None,
    }
}

fn span<H: FileHeader<Endian = Endianness>>(data: &[u8]) -> Option<u64> {
    let header = H::parse(data).ok()?;
    let endian = header.endian().ok()?;
    let (mut low, mut high) = (u64::MAX, 0u64);
    for segment in header.program_headers(endian, data).ok()? {
        if segment.p_type(endian) != PT_LOAD {
            continue;
        }
        let start: u64 = segment.p_vaddr(endian).into();
        let size: u64 = segment.p_memsz(endian).into();
        low = low.min(start);
        high = high.max(start.checked_add(size)?);
    }
    let low = low - low % PAGE;
    (high > low).then(|| (high - low).div_ceil(PAGE) * PAGE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn not_an_elf_file_has_no_span() {
        assert_eq!(span_of(b"#!/bin/sh\necho hi\n"), None);
        assert_eq!(span_of(b""), None);
        assert_eq!(span_of(b"\x7fELF"), None);
        // An ELF header whose program headers lie past the bytes read.
        let mut cut = std::fs::read("/proc/self/exe").expect("own binary");
        cut.truncate(64);
        assert_eq!(span_of(&cut), None);
    }

    #[test]
    fn the_test_binary_has_a_whole_page_span_of_reasonable_size() {
        let exe = std::env::current_exe().expect("own binary");
        let span = image_span(&exe).expect("an ELF file");
        let file = std::fs::metadata(&exe).expect("metadata").len();
        // Pages, and no more than the file (debug info is not loaded) or 1 GiB.
        assert!(span >= PAGE && span % PAGE == 0, "{span}");
        assert!(span < file.max(1 << 30), "{span} {file}");
    }
}
