//! The judge's reports as a user sees them: snapshots of the table, JSON and JUnit
//! reports, the HTML report rendered in a browser, and hostile text kept out of them.

mod formats;
mod hostile_shards;
mod html;
mod snapshots;
mod spoofing;
