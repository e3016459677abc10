//! Running one program confined ([`gridjudge::sandbox`]): what each limit does and which
//! verdict it gives, confinement against hostile programs, and the judge around a run
//! (staging, descriptors, compilation, the programs it runs outside the sandbox,
//! signals).

mod cgroup_v2;
mod channels;
mod compile;
mod compile_names;
mod confinement;
mod descriptors;
mod host_programs;
mod interrupt;
mod limit_rules;
mod runs;
mod session;
mod staging;
mod wall_wait;
