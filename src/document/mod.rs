//! The documents the library's commands produce, below the layer that writes them:
//! the `verify-submissions` report ([`submissions::VerifyReport`]), the `verify` gate's
//! ([`gate::GateReport`]), where a report came from ([`provenance`]) and the version of
//! their JSON schema ([`SCHEMA_VERSION`]), and which shard of a run a document is
//! ([`ShardRecord`]).
//!
//! The example-submission loop ([`crate::submissions`]) and a package's verification
//! ([`crate::package`]) build these values; the report layer ([`crate::report`]), above
//! both, renders them (table, JSON, JUnit, HTML) and reads them back (`report merge`).
//! So what a command found and how it is shown are two layers: a new writer is a module
//! of `report`, and nothing that judges imports one. The session report of `judge`
//! ([`crate::report::schema::SessionReport`]) is made from the judge's own results by
//! the report layer and is not here.

pub mod gate;
pub mod provenance;
pub mod submissions;

use serde::{Deserialize, Serialize};

/// The version of the JSON documents' schema, the same in every report; a change that is
/// not an addition raises it.
pub const SCHEMA_VERSION: u32 = 1;

/// Which shard of a run a report is ([`crate::judge::shard`]), and what `report merge`
/// needs to put the shards back together.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShardRecord {
    /// How many shards the run is split into.
    pub count: usize,
    /// Which shard this is, 1 ..= `count`.
    pub index: usize,
    /// The problems of the whole run, in judging order, with the units (cases, or
    /// submissions) the whole run has of each; a shard may hold none of some.
    pub problems: Vec<ShardUnits>,
}

/// One problem of a sharded run and its number of units.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShardUnits {
    /// The problem's name (for a package, the package's).
    pub problem: String,
    /// Cases (judge) or submissions (verify-submissions) of the whole run.
    pub units: usize,
}
