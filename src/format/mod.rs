//! Judge formats: (in progress)
