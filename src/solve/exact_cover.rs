//! exact_cover: (in progress)
