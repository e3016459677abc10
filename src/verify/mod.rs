//! Independent validators: (in progress)
