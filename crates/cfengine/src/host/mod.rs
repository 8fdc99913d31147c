//! The facts cf-agent discovers about the host before any policy runs
//! (sysinfo.c, unix.c): hard classes and `sys.*` variables from the kernel
//! and the build, the operating-system release, and the network interfaces.
//! Everything is read (from system calls, `/proc`, `/sys`, `/etc`); nothing
//! is run.

pub mod facts;
pub mod net;
pub mod os;
pub mod proc_net;
pub mod time_classes;
