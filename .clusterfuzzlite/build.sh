#!/bin/bash -eu
# Builds every cargo-fuzz target of gridjudge for ClusterFuzzLite / OSS-Fuzz and puts in
# $OUT, for each TARGET of `cargo fuzz list`:
#   TARGET                 the libFuzzer binary (`cargo fuzz build -O --debug-assertions`:
#                          release, with debug assertions and overflow checks, which -O
#                          alone turns off: Rust's checks on every `get_unchecked` index
#                          of the solvers' unsafe code; the builder's sanitizer)
#   TARGET_seed_corpus.zip the committed seeds, fuzz/regressions/TARGET/
#   TARGET.dict            its dictionary, fuzz/dicts/TARGET.dict
#   TARGET.options         libFuzzer options: the dictionary, and a per-input time limit
# Run by the OSS-Fuzz Rust base builder ($SRC, $OUT and $WORK set); tested locally in a
# simulated environment by tests/cflite/build_test.sh.
cd "$SRC/gridjudge"
cargo fuzz build -O --debug-assertions
bin_dir=fuzz/target/x86_64-unknown-linux-gnu/release
for target in $(cargo fuzz list); do
    cp "$bin_dir/$target" "$OUT/"
    rm -f "$OUT/${target}_seed_corpus.zip"
    (cd "fuzz/regressions/$target" && zip -q -j "$OUT/${target}_seed_corpus.zip" ./*)
    cp -L "fuzz/dicts/$target.dict" "$OUT/$target.dict"
    printf '[libfuzzer]\ndict = %s.dict\n' "$target" > "$OUT/$target.options"
done
